import type { ParsedGoal } from './goal-types.js';
import { parseSetParameter } from './phrases.js';

/**
 * The robot's own controls, read as a whole clause: stay, speed, safety (emergency stop, arm,
 * disarm, stop), parameters, turning, pictures and charging. Each is a short command with few
 * ways to say it, so a pattern per frame reads it exactly; anything else falls to the verb frames.
 */
/** "Half a metre per second", said as people say a speed. */
const HALF_A_METRE = /\bhalf a (?:metre|meter) (?:per|a) sec(?:ond)?\b/;

export function readControl(said: string): ParsedGoal | null {
  const c = said.replace(HALF_A_METRE, '0.5 m/s');
  if (/^(?:stay|wait|remain|hold on|hang on|stand by)(?: (?:put|here|there|still|where you are|right there|right here))?(?: (?:a|a little|one) (?:bit|moment|minute|second|sec|while))?$/.test(c)) return { kind: 'stay' };
  // "slow down to 0.3": a speed, so metres per second when no unit is said ("drive at 0.3" still needs one).
  const speed = /^(?:slow down|speed up|slow|drive|go|move)\s+(?:to|at)\s+(-?[\d.]+)\s*(?:m\/s|m per s|(?:metres?|meters?) (?:per|a|an) second)$|^(?:slow down|speed up) to (-?[\d.]+)$/.exec(c);
  if (speed) return { kind: 'set', name: 'max_linear_speed', value: Number(speed[1] ?? speed[2]) };
  if (/\breset\b.*\b(?:emergency stop|e-?stop)\b/.test(c)) return { kind: 'reset_estop' };
  if (/\b(?:emergency stop|e-?stop)\b/.test(c)) return { kind: 'estop' };
  if (/^disarm\b|\bdisarm (?:the robot|yourself)\b/.test(c)) return { kind: 'disarm' };
  if (/^arm\b(?: the robot| yourself| the motors)?$|^(?:enable|power on) (?:the )?motors$/.test(c)) return { kind: 'arm' };
  if (/^(?:stop|halt|freeze)(?: moving| now| the robot| everything| all motion| right there| where you are)?$/.test(c)) return { kind: 'stop' };

  const set = /^(?:set|change|make|use|adjust)\s+(?:the\s+|your\s+)?(.+?)\s+(?:to|=|at|of)\s+(-?[\d.]+\s*%?|[a-z]+)(?:\s*(m\/s|(?:metres?|meters?) (?:per|a|an) sec(?:ond)?|m|meters?|metres?|rad\/s|percent|per ?cent))?$/.exec(c);
  // "40 percent", "25 per cent": the word is the sign.
  if (set) return parseSetParameter(set[1]!, /^per ?cent$/.test(set[3] ?? '') ? `${set[2]}%` : set[2]!, c);

  const rotate = /^(?:turn|rotate|spin)\s*(?:yourself\s+)?(?:around|about)?\s*(?:by\s+)?(-?\d+(?:\.\d+)?)?\s*(?:degrees?|deg|°)?\s*(?:to the\s+)?(left|right|clockwise|counter-?clockwise|anticlockwise)?$/.exec(c);
  if (rotate && (rotate[1] || rotate[2] || /around|about/.test(c))) {
    let degrees = rotate[1] ? Number(rotate[1]) : /around|about/.test(c) ? 180 : 90;
    if (rotate[2] && /right|^clockwise/.test(rotate[2])) degrees = -Math.abs(degrees);
    return { kind: 'rotate', degrees };
  }

  if (/^(?:take|snap|capture|grab|get|make|shoot)\s+(?:a |an |me a )?(?:quick )?(?:picture|photo|photograph|image|snapshot|shot|pic)\b|^photograph\b/.test(c)) return { kind: 'capture' };
  // "go to the dock" is a place (grounding decides whether it means charging); these only say "charge".
  // "top up", "juice up", "charge up": charging said as filling up.
  if (/^(?:(?:go|go and|go to|head off to) )?(?:charge|recharge|(?:top|juice) (?:(?:yourself|your battery|the battery|your charge) )?up\b)|^(?:dock|go dock)$/.test(c)) return { kind: 'charge' };
  return null;
}
