import type { ParsedGoal } from './goal-types.js';
import { unknown, withObject } from './phrases.js';

/**
 * Questions, read as a whole: about objects ("how many X (are) in Z", "what is on Z", "is there
 * anything in Z", "where did X end up", "see the X?") — each a count or a search of the room —
 * and about the robot itself (battery, where it is, what it holds, its status).
 */
export function readQuestion(c: string): ParsedGoal | null {
  const count = /^(?:how many|count(?: up)?|tell me how many|number of)\s+(.+)$/.exec(c);
  if (count) {
    const said = count[1]!.replace(/\s+(?:are|is|be|there|do you see|can you see|you see|you can see|can you find|you can find|do you find|sit|lie|stand|have|you have|get)\b/g, ' ');
    return withObject(said, c, (object) => ({ kind: 'count', object: { ...object, all: true, definite: false } }));
  }
  const inside = /^(?:what(?: is| are|'s)?(?: there)?|is there anything|are there any (?:things|objects)|is anything|anything|what do (?:we|you) have)\s+(in|on|at|inside)\s+(.+)$/.exec(c);
  if (inside) return withObject(`everything in ${inside[2]}`, c, (object) => ({ kind: 'find', object }));
  const endedUp = /^where (?:did|does|do|is|are|has|have)\s+(.+?)\s+(?:end up|go|get to|be|sit|lie|go to|land|wind up)$/.exec(c);
  if (endedUp) return withObject(endedUp[1]!, c, (object) => ({ kind: 'find', object }));
  const where = /^(?:where is|where's|where are|can you see|do you see|is there|are there)\s+(.+)$/.exec(c);
  if (where && !/^(?:you|i)\b/.test(where[1]!)) return withObject(where[1]!, c, (object) => ({ kind: 'find', object }));
  const see = /^(?:see|spot|notice)\s+(.+)$/.exec(c);
  if (see) return withObject(see[1]!, c, (object) => ({ kind: 'find', object }));
  if (/^what (?:is|are) (?:it|they|them|those|that)$/.test(c)) return { kind: 'find', object: { all: true, pronoun: true, text: 'them' } };
  return readStatusQuestion(c);
}

/** Status questions come before "find": "where are you" is not a search. */
function readStatusQuestion(c: string): ParsedGoal | null {
  if (/\bbattery\b|\bcharge level\b|\bhow much (?:charge|power|energy)\b/.test(c) && /^(?:what|how|is|check|tell|report|show|give)|\blevel\b|\bstatus\b/.test(c)) return { kind: 'status', topic: 'battery' };
  if (/\bwhere are you\b|\byour (?:position|location|pose)\b|\bwhere am i\b/.test(c)) return { kind: 'status', topic: 'pose' };
  if (/\bwhat (?:are|r) you (?:holding|carrying)\b|\bare you (?:holding|carrying)\b|\bwhat(?:'s| is) in (?:your|the) gripper\b/.test(c)) return { kind: 'status', topic: 'holding' };
  if (/^(?:status|report(?: your)? status|(?:what(?:'s| is)|show|tell me|give me|check)(?: me)? (?:your|the robot's|the) status|how are you(?: doing)?)$/.test(c)) return { kind: 'status', topic: 'all' };
  if (/\b(?:look around|scan(?: the room| around| your surroundings)?|what (?:objects |things )?(?:(?:do |can )?you )?(?:can )?see|what(?:'s| is) around|describe (?:what you see|your surroundings|the room)|what(?:'s| is) (?:in front of you|there))\b/.test(c) && !/\b(?:for|where)\b/.test(c)) return { kind: 'scan' };
  if (/^(?:what|where|how|why|who|which|when)\b/.test(c)) return unknown(c);
  return null;
}
