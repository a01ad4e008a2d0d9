import type { ParsedGoal } from './goal-types.js';
import type { ObjectQuery } from '../referring.js';
import { parseObject } from '../referring.js';
import { parseClause } from './clause.js';
import { bareClause, verbOf } from './verbs.js';
import { SHAPE_WORDS } from '../vocabulary.js';
import { carriedTogether, hasSortingZones, sortTarget, TOGETHER } from './compositions.js';
import { lastPlace, putBack, thereBefore } from './place-references.js';
import { CALL_OFF, correct, CORRECTION, CORRECTION_ALONE, likeBefore } from './corrections.js';

/**
 * The clauses' goals, read together: "put X and Y in Z" is two deliveries; "clear Z, it all goes
 * in Y" is one (everything in Z into Y); "X is in the wrong bay, sort it out" is one; and a sort
 * of an object whose colour is said is a delivery to the zone named after that colour.
 */
export function clauseGoals(clauses: string[], zoneWords: ReadonlySet<string>): ParsedGoal[] {
  const goals: ParsedGoal[] = [];
  let topic: ObjectQuery | null = null;
  let verb: string | null = null;
  let correcting = false;
  for (const [i, clause] of clauses.entries()) {
    // "…, no wait, the compost": the words after the marker put the command before right.
    const marker = CORRECTION_ALONE.test(clause) ? null : CORRECTION.exec(clause);
    // "never mind, go to bin b": with nothing said before it, there is nothing to take back; said alone, the robot stops.
    if ((CORRECTION_ALONE.test(clause) || CALL_OFF.test(clause)) && (goals.length || i < clauses.length - 1 || CALL_OFF.test(clause))) {
      if (!goals.length && i === clauses.length - 1) goals.push({ kind: 'stop' });
      correcting = goals.length > 0;
      continue;
    }
    if (correcting || (marker && goals.length)) {
      const said = marker ? clause.slice(marker[0].length) : clause;
      const previous = goals.pop()!;
      goals.push(correct(previous, said, zoneWords, (t) => parseClauseGoals(t, zoneWords)) ?? { kind: 'unknown', text: said, reason: `I cannot tell what "${said}" corrects in what was said before: say the whole command again` });
      correcting = false;
      continue;
    }
    // "put the cube in the sink and also on the table": one object is in one place at a time.
    if (SECOND_PLACE.test(clause) && goals.at(-1)?.kind === 'place') {
      goals.push({ kind: 'unknown', text: clause, reason: `I cannot put one object in two places ("${clause}"): say which place, or "then put it in …" to move it again` });
      continue;
    }
    const bare = bareClause(clause);
    let read = takenFrom(parseClauseGoals(clause, zoneWords), bare, clauses[i + 1], zoneWords);
    const opens = verbOf(bare)?.index === 0;
    // "the cube on the table, put it in the sink": said first, the object "it" stands for, however the words could read alone.
    // A statement ("the green cube is in the wrong bay, sort it out") is read by the frames, not as a topic.
    const statement = /(?<!\b(?:that|which|who))\s(?:is|are|was|were)\s/.test(` ${bare}`);
    // "there is a red cube on the table, put it in the bin", "I left a blue cube in aisle 3, bring it here": which object "it" is.
    const existing = EXISTS.exec(bare);
    const said = existing ? parseObject(existing[1]!) : !opens && !statement && i < clauses.length - 1 ? parseObject(bare) : null;
    if (existing && (i === clauses.length - 1 || !saysIt(clauses[i + 1]!, zoneWords))) {
      goals.push({ kind: 'unknown', text: bare, reason: `I do not know what to do with "${existing[1]}": say what to do with it` });
      continue;
    }
    if (said && !('reason' in said) && !said.pronoun && saysIt(clauses[i + 1]!, zoneWords)) {
      // "pick up the red ball, then the blue cube, and put them on the bench": picked up in turn, then both
      // put down there ("them" had been the blue cube alone, and the red ball was left held).
      if (goals.at(-1)?.kind === 'pick' && saysThem(clauses[i + 1]!, zoneWords)) goals.push({ kind: 'pick', object: said });
      else topic = said;
      continue;
    }
    // "do the same for the blue cube", "same with the green ball": the command before, for this object.
    const same = SAME.exec(bare);
    if (same) {
      const object = parseObject(same[1]!);
      const repeated = 'reason' in object || object.pronoun ? [] : repeatFor(goals, object);
      goals.push(...(repeated.length ? repeated : [{ kind: 'unknown' as const, text: bare, reason: `I cannot tell what to do the same with in "${bare}": say the whole command` }]));
      continue;
    }
    if (read[0]?.kind === 'unknown' && !opens) {
      const object = parseObject(bare);
      const next = clauses[i + 1];
      // "to the mail room, the yellow cube", "bin a: the red cube", "bin b — the green ball": a place said
      // alone, with no verb, then an object, is where that object goes, as a label on a parcel says.
      // ("go to bin a, the red cube" is a trip, and the object after it is left unexplained.)
      const last = goals.at(-1);
      const placeFirst = last?.kind === 'goto' && 'said' in last.target && i > 0 && verbOf(bareClause(clauses[i - 1]!))?.index !== 0;
      // "bin a: the red cube and the blue ball": each of them.
      const each = placeFirst && 'reason' in object ? parseClauseGoals(`put ${bare} in ${(last.target as { said: string }).said}`, zoneWords) : [];
      if (placeFirst && ('reason' in object ? each.length > 0 && each.every((g) => g.kind === 'place') : !object.pronoun) && !(next && saysIt(next, zoneWords))) {
        goals.splice(goals.length - 1, 1, ...('reason' in object ? each : [{ kind: 'place' as const, object, target: last.target }]));
        continue;
      }
      // "put the red cube on the table, then the blue one (too)": the command before, again, for this object.
      const repeated = !('reason' in object) && !object.pronoun && (!next || verbOf(bareClause(next))?.index === 0) ? repeatFor(goals, object) : [];
      if (repeated.length) {
        goals.push(...repeated);
        continue;
      }
      // "the red ball, bring it to the workbench": an object said first, then what to do with "it".
      if (next && !('reason' in object) && !object.pronoun) {
        topic = object;
        continue;
      }
      // "go to the office, then to the hallway": the verb before, understood again.
      const again = verb ? parseClauseGoals(`${verb} ${bare}`, zoneWords) : [];
      if (again.length && again.every((g) => g.kind !== 'unknown')) read = again;
    }
    // "go to the alcove and tell me what's there": a question about what is in the place just named, not about what the camera sees.
    const named = read.length === 1 && read[0]!.kind === 'scan' && /\bthere\b/.test(bare) ? lastPlace(goals) : undefined;
    if (named && 'said' in named) read = parseClauseGoals(`what is in ${named.said}`, zoneWords);
    if (opens) verb = bare.split(' ')[0]!;
    for (const said of read) {
      const goal = thereBefore(topic ? withTopic(said, topic) : said, goals);
      const carried = carriedTogether(goals, goal);
      if (carried && goals.splice(0, goals.length, ...carried)) continue;
      if (goal !== said) topic = null;
      const previous = heldFor(goals, goal);
      const joined = previous ? join(previous, goal) : null;
      if (joined) goals[goals.length - 1] = joined;
      else goals.push(goal);
    }
  }
  if (topic) goals.push({ kind: 'unknown', text: topic.text, reason: `I do not know what to do with "${topic.text}"` });
  // "put it in bin a, no wait": taken back, with nothing said instead; it is not done as first said.
  if (correcting && goals.at(-1)?.kind !== 'stop') goals.push({ kind: 'unknown', text: clauses.at(-1)!, reason: `"${clauses.at(-1)}" takes back what was said before it, and says nothing instead: say the whole command again` });
  return goals.map((g, i) => (g.kind === 'sort' ? sortGoal(g.object, zoneWords) : putBack(ofKindBefore(oneOfShapeBefore(g, goals.slice(0, i)), goals.slice(0, i)), goals.slice(0, i))));
}

/**
 * "Put the red cube in bin a and the blue one in bin b": "one" is of the shape said before it, the
 * blue cube; read as anything blue, a blue ball could have gone to bin b instead.
 */
function oneOfShapeBefore(goal: ParsedGoal, before: ParsedGoal[]): ParsedGoal {
  if (!('object' in goal) || goal.object.shape || !goal.object.color || !/\bones?$/.test(goal.object.text)) return goal;
  const shaped = [...before].reverse().find((g) => 'object' in g && g.object.shape);
  return shaped && 'object' in shaped ? ({ ...goal, object: { ...goal.object, shape: shaped.object.shape } } as ParsedGoal) : goal;
}

/**
 * "Put two red cubes in zone 2 and two in zone 3", "find the cubes and put 2 in bin b": a number
 * said alone stands for that many of the kind said last; after objects were moved, others than
 * those ("two more"). Said with no kind before it, it names nothing, and is refused.
 */
function ofKindBefore(goal: ParsedGoal, before: ParsedGoal[]): ParsedGoal {
  if (!('object' in goal) || !goal.object.ofKindBefore) return goal;
  const { ofKindBefore: _said, ...counted } = goal.object;
  const kinded = [...before].reverse().find((g) => 'object' in g && !g.object.pronoun && !g.object.ofKindBefore && (g.object.color || g.object.shape));
  if (!kinded || !('object' in kinded)) return { kind: 'unknown', text: goal.object.text, reason: `I do not know what "${goal.object.text}" stands for: say which objects (for example "two red cubes")` };
  const kind = kinded.object;
  const n = counted.count ?? 1;
  const moved = before.some((g) => /^(?:pick|place|clear|swap|sort)$/.test(g.kind));
  const among = (kinded.kind === 'find' || kinded.kind === 'count') && kind.inZone ? { inZone: kind.inZone } : {};
  const object = { ...counted, ...(kind.color ? { color: kind.color } : {}), ...(kind.shape ? { shape: kind.shape } : {}), ...among, ...(moved ? { other: true } : {}), text: `${n} ${[kind.color, kind.shape ?? 'object'].filter(Boolean).join(' ')}${n > 1 ? 's' : ''}` };
  return { ...goal, object } as ParsedGoal;
}

const SAME = /^(?:(?:now |then )?do )?(?:the )?same(?: thing| again)? (?:for|with|to) (.+)$/;

/** Said to be somewhere: "there is X (in Z)", "there should be X", "I left X in Z", "someone dropped X by Z". */
const EXISTS = /^(?:there (?:is|are|was|were|should be|might be|must be|may be|'s)|(?:i|we|someone|somebody|you) (?:left|put|dropped|placed|leave|drop|place|have|has|had|saw|see)|(?:i|we) (?:think|believe) there (?:is|are)) (.+?)(?: somewhere| around(?: here)?| lying around)?$/;

/** A place said as well as the one before: "also on the table", "on the table too", ", and in bin b as well". */
const SECOND_PLACE = /^also\s+(?:in|into|on|onto|to|at|inside)\s|^(?:in|into|on|onto|to|at|inside)\s.*\s(?:too|as well|as)$/;

/**
 * The last command's goals again, for another object (an ellipsis: "…, then the blue one", "and
 * the green ball too"): a delivery, a pick (with the put-down that says "it"), a search or a count.
 * "One" stands for the kind said before: "the red cube …, the blue one" is the blue cube.
 */
function repeatFor(goals: ParsedGoal[], object: ObjectQuery): ParsedGoal[] {
  const last = goals.at(-1);
  const before = goals.at(-2);
  const own = (g: ParsedGoal | undefined) => !!g && /^(?:place|pick|find|count)$/.test(g.kind) && 'object' in g && !g.object.pronoun;
  const group: ParsedGoal[] = own(last) ? [last!] : last?.kind === 'place' && last.object.pronoun && before?.kind === 'pick' && own(before) ? [before, last] : [];
  const first = group[0];
  if (!first || !('object' in first)) return [];
  return group.map((g) => (g === first ? { ...g, object: likeBefore(object, first.object) } : g) as ParsedGoal);
}

/**
 * "Grab the yellow cylinder in aisle 2 and drop it at goods in", "take the red ball on the cart, then put it
 * in room 201": said with a verb that fetches and a place where it lies, and followed by what to do with
 * "it", the place says which one to take, not where it goes first (it was put down in aisle 2, whichever
 * yellow cylinder was nearest, then carried on).
 */
function takenFrom(read: ParsedGoal[], bare: string, next: string | undefined, zoneWords: ReadonlySet<string>): ParsedGoal[] {
  const goal = read.length === 1 ? read[0]! : null;
  if (goal?.kind !== 'place' || !('said' in goal.target) || goal.object.pronoun || goal.object.inZone || !next || !saysIt(next, zoneWords)) return read;
  const where = goal.target.said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!new RegExp(String.raw`^(?:grab|take|get|fetch|collect|retrieve|pick up|pick)\b.*\s(?:in|on|at|inside|from)\s+(?:the\s+)?${where}$`).test(bare)) return read;
  return [{ kind: 'pick', object: { ...goal.object, inZone: goal.target.said } }];
}

/** Whether the clause acts on several objects handled before ("put them …", "put both …"). */
function saysThem(clause: string, zoneWords: ReadonlySet<string>): boolean {
  const goal = parseClause(clause, zoneWords);
  return 'object' in goal && goal.object.pronoun === true && TOGETHER.test(goal.object.text);
}

function saysIt(clause: string, zoneWords: ReadonlySet<string>): boolean {
  if (verbOf(bareClause(clause))?.index !== 0) return false;
  const goal = parseClause(clause, zoneWords);
  return 'object' in goal && goal.object.pronoun === true;
}

/** The goal with the object said first standing for its "it" ("the red ball, bring it here"), or for what goes to a place said alone ("the red ball, hallway"). */
function withTopic(goal: ParsedGoal, topic: ObjectQuery): ParsedGoal {
  if ('object' in goal && goal.object.pronoun) return { ...goal, object: { ...topic, all: topic.all || goal.object.all } } as ParsedGoal;
  if (goal.kind === 'goto' && 'said' in goal.target) return { kind: 'place', object: topic, target: goal.target };
  return goal;
}

/**
 * "Take the red cube out of bin a" alone ends with the cube out of the zone; followed by what to do
 * with "it" ("… and put it back", "… and bring it here"), taking it out is picking it up for that.
 * The goal before, as it then reads.
 */
function heldFor(goals: ParsedGoal[], goal: ParsedGoal): ParsedGoal | undefined {
  const previous = goals.at(-1);
  if (previous?.kind !== 'clear' || previous.object.all || !('object' in goal) || !goal.object.pronoun) return previous;
  goals[goals.length - 1] = { kind: 'pick', object: previous.object };
  return goals.at(-1);
}

/** One goal for two clauses that say one thing, or null. */
function join(previous: ParsedGoal, goal: ParsedGoal): ParsedGoal | null {
  const pronoun = 'object' in goal && goal.object.pronoun;
  // "clear the packing area, it all goes in the outbox" / "… and put everything on the shelf": everything that was in it, into Y.
  // "everything on it" after a clear: "it" is the zone cleared, not a place of the map.
  const everything = goal.kind === 'place' && goal.object.all && !goal.object.color && !goal.object.shape && (!goal.object.inZone || goal.object.inZone === 'it');
  if (previous.kind === 'clear' && goal.kind === 'place' && (pronoun || everything)) return { kind: 'place', object: previous.object, target: goal.target };
  // "pick up all the red cubes and put them on the counter": one is held at a time, so each is carried there.
  if (previous.kind === 'pick' && previous.object.all && goal.kind === 'place' && pronoun) return { kind: 'place', object: previous.object, target: goal.target };
  // "take it to the office and leave it there": it is there already.
  if (previous.kind === 'place' && goal.kind === 'place' && pronoun && 'here' in goal.target) return previous;
  // "the green cube is in the wrong bay, sort it out" / "… put it right".
  if (goal.kind === 'sort' && pronoun && 'object' in previous) return { kind: 'sort', object: { ...previous.object, all: previous.object.all && goal.object.all } };
  return null;
}

function sortGoal(object: ObjectQuery, zoneWords: ReadonlySet<string>): ParsedGoal {
  const text = object.pronoun ? object.text : object.text || 'everything';
  if (!hasSortingZones(zoneWords)) {
    return { kind: 'unknown', text, reason: `I cannot tell where ${text} belongs: no zone of this map is named after a colour or a kind of object` };
  }
  if (object.pronoun) return { kind: 'unknown', text, reason: `"${text}" does not name an object here: say which object to put right` };
  const word = object.all ? null : sortTarget(object, zoneWords);
  return word ? { kind: 'place', object, target: { said: word } } : { kind: 'sort', object };
}

/** One clause's goals: one, or one per object in "put the red cube and the blue ball in bin a". */
function parseClauseGoals(clause: string, zoneWords: ReadonlySet<string>): ParsedGoal[] {
  const goal = parseClause(clause, zoneWords);
  // "visit the sink and the table", "go to the counter and the fridge": one place after the other.
  if (goal.kind === 'goto' && 'said' in goal.target && / and /.test(goal.target.said)) {
    return goal.target.said.split(/\s+and\s+(?:then\s+)?(?:the\s+)?/).map((said) => parseClause(`go to ${said}`, zoneWords));
  }
  // "the red cube and the blue ball need to go to the sink": each of them.
  const going = /^(.+?\s+and\s+.+?)\s+(?:(?:needs?|have|has|ought) to |should |must |can |are to |is to )?(?:go|be (?:moved|put|taken|brought))\s+(?=(?:in|into|on|onto|to|at)\s)(.+)$/.exec(clause);
  if (goal.kind === 'unknown' && going) return parseClauseGoals(`put ${going[1]} ${going[2]}`, zoneWords);
  if (goal.kind !== 'unknown' || !/^(?:put|place|drop|bring|deliver|carry|move|take)\b/.test(clause)) return [goal];
  const m = /^(\w+(?: up)?)\s+(.+?\s+and\s+.+?)\s+\b(in|into|on|onto|to|at)\s+(.+)$/.exec(clause);
  if (!m) return [goal];
  const objects = m[2]!.split(/\s+and\s+/);
  // "the red and blue cubes": a colour said alone is of the kind said last.
  const shapeAfter = /\b(\w+)$/.exec(objects.at(-1)!)![1]!;
  // "the red cube and the blue one": one is the kind said before it.
  const kinded = objects.map((o, k) => (/^(?:the\s+)?(?:red|green|blue|yellow)$/.test(o) && SHAPE_WORDS[shapeAfter] ? `${o} ${shapeAfter}` : k > 0 ? o.replace(/\bone$/, /\b(\w+)$/.exec(objects[k - 1]!)![1]!) : o));
  const parts = kinded.map((o) => parseClause(`${m[1]} ${o} ${m[3]} ${m[4]}`));
  return parts.every((g) => g.kind === 'place') ? parts : [goal];
}
