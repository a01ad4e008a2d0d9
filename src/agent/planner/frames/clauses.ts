import { CORRECTION, CORRECTION_ALONE } from './corrections.js';
import { slowly } from './manner.js';
import { andAfterAsThen, doneFirst } from './order-words.js';
import { withoutHasteOrCare } from './haste-and-care.js';
import { VERB_FRAMES, VERB_START } from './verbs.js';
import { SHAPE_WORDS } from '../vocabulary.js';

/**
 * An instruction's text → its clauses: politeness and addressing taken off, then split at
 * sentence breaks, "then", commas and "and <verb>". Clauses are what the frames read one by one.
 */

const DELIVERY_VERB = /^(?:put|place|drop(?: off)?|bring|deliver|carry|move|take|set|leave)\b/;
const DESTINATION = /\b(?:in|into|inside|on|onto|to|at)\s+\S/;

/** Whether "and <piece>" is a second object with its own destination for the clause's delivery verb. */
function sharesVerb(current: string, piece: string): boolean {
  return DELIVERY_VERB.test(current) && DESTINATION.test(current) && DESTINATION.test(piece);
}

/** Whether "A and B" are two deliveries said without a verb, each with its own destination. */
function bothVerbless(current: string, piece: string): boolean {
  // Only "to"/"into"/"onto" say where to: "X in Z and Y in W (need to swap)" says where they are.
  const whereTo = /\b(?:to|into|onto)\s+\S/;
  return !VERB_START.test(current) && !VERB_START.test(piece) && /^(?:the|a|an|that|this|one|\d+|red|green|blue|yellow)\s/.test(piece) && whereTo.test(current) && whereTo.test(piece);
}

/** Addressing the robot and asking politely ("hey robot, could you …") carry no part of a command. */
function politeness(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/^\s*(?:(?:hey|hi|hello|yo|oi|ok(?:ay)?|so|right|excuse me),? )?(?:the )?robot\b,?/, ' ')
    .replace(/\s*(?:->|=>|→)\s*/g, ' to ')
    // "park it", "park yourself" said alone: the robot parks itself ("park it in bin a" puts something down).
    .replace(/\bpark (?:it|yourself|up)\b(?=\s*(?:[,;.]|$|and\b|then\b))/g, 'park')
    // "that's all, go home", "head back home, you're done": a closing, which asks nothing more.
    .replace(/(?:^|,\s*)(?:that is (?:all|it)|that's (?:all|it)|you are (?:all )?done|you're (?:all )?done|we are done|all done)(?=\s*(?:,|$))/g, ' ')
    // "whatever you do, don't …", "under no circumstances …": said to stress the rule after it.
    .replace(/\b(?:whatever (?:else )?you do|no matter what|under no circumstances|on no account),? (?!(?:do not|don't|dont|never|avoid|stay|keep)\b)/g, (m) => (/^(?:under|on)/.test(m) ? 'never ' : m))
    .replace(/\b(?:whatever (?:else )?you do|no matter what),? (?=(?:do not|don't|dont|never|avoid|stay|keep)\b)/g, ' ')
    // "first of all, go to the shelf, then …": the order the steps are said in, which they are done in anyway (left
    // as a clause of its own, its "all" had become everything to move); "all right, …", "last but not least, …":
    // words that only open what follows.
    .replace(/\b(?:first of all|first off|for starters|first and foremost|last but not least|most of all|above all|all in all)\b\s*,?|(^|[,;.]\s*)(?:to (?:begin|start) with|all right(?: then)?|alright(?: then)?|all good|right then|ok(?:ay)? then|one more thing)\b\s*,/g, '$1 ')
    // "be a star and put …", "be a good robot and fetch …": a courtesy before the request.
    .replace(/(?:^|\s)be (?:a|an) (?:\w+ )?\w+ and (?=\w)/, ' ')
    // "take the yellow cylinder nearest to you to the tote": the nearest yellow cylinder, taken to the tote; with "to you"
    // dropped in place, the tote became what it is nearest to, and the cylinder was only picked up.
    .replace(/\b(the|whichever|both|the two|the \d+)\s+((?:[a-z]+\s+){0,2}?[a-z]+?)\s+(?:(?:that|which) (?:is|are)\s+|(?:is|are)\s+)?(closest|closer|nearest|nearer)(?: to)? (?:you|me|us|the robot)\b(?=\s+(?:to|into|onto|in|on|at)\s)/g, '$1 $3 $2')
    .replace(/\b(closest|closer|nearest|nearer)(?: to)? (?:you|me|us|the robot)\b/g, '$1')
    // "drop off the blue ball in room 202 on your way to the elevators": the delivery, then the trip (the delivery had been lost).
    .replace(/^\s*(?:on|along) (?:your|the) way (?:over |back )?((?:to|into|towards?) [^,]+),\s*(.+)$/, '$2, then go $1')
    .replace(/,?\s+(?:on|along) (?:your|the) way (?:over |back )?(to|into|towards?)\s+(?=\S)/g, ', then go $1 ')
    // "move the red cylinder off the cart and into room 201": one move, from one place to another, not two clauses.
    .replace(/\b(?:off(?: of)?|out of)\s+((?:the |your |my )?[a-z0-9_]+(?: [a-z0-9_]+){0,3}?)\s+(?:and\s+(?:then\s+)?(into|onto|in|on|to)|(into|onto|to))\s+(?!(?:me|us|you|it|them)\b)/g, (_m, from: string, afterAnd?: string, bare?: string) => `from ${from} ${afterAnd ?? bare} `)
    // "get the red ball in 201 for me": fetched for whoever asked ("get me the red ball in 201"), not put in 201; a place
    // said with "to" is still where it goes ("get the cube to bin a for me").
    .replace(/\b(get|fetch|grab|retrieve|collect)\b(?! (?:me|us)\b)((?:(?!\b(?:to|into|onto|and|then)\b)[^,;])+?) for (?:me|us)\b/g, '$1 me$2')
    .replace(/\b(?:please|kindly|could you|can you|would you|will you|i want you to|i'd like you to|i would like you to|i need you to|for me|real quick|when you get a (?:chance|sec(?:ond)?))\b/g, ' ');
}

/**
 * A bound on a number ("at most 2", "no more than 3", "at least 2", "up to 4"): that many is what
 * both bounds allow, and the robot moves exactly that many (fewer found is said, never called done).
 */
const BOUND = /\b(?:at most|at the most|no more than|not more than|up to|a maximum of|max(?:imum)?(?: of)?|at least|at the least|no fewer than|no less than|not less than|a minimum of|min(?:imum)?(?: of)?) (?=\d+\b)/g;

/** "X and when you're finished with that, Y", "X, once you are done Y", "X, and once that is done, Y": said between two commands, the time clause is "then".
 *  Not "X, after you have finished charging": that names what comes first (inOrderDone). */
const WHEN_DONE = /(?:\s*,|\s+and)\s+(?:when|once|after) (?:you(?: are| have)? (?:done|finished|through)(?! \w+ing\b)(?: with (?:that|it|this|them|those))?|(?:that|this|it) (?:is|has been|'s) (?:done|finished|complete|over))\b\s*,?/g;

/**
 * A speed said with a drive ("drive at 0.3 m/s to the dock", "go to bin a at half a metre per
 * second"): the speed limit set first, then the drive, as a robotics user means it.
 */
const SPEED = String.raw`(?:at |with )?(?:a (?:top |max(?:imum)? )?speed of )?(-?\d+(?:\.\d+)?) ?(?:m\/s|mps|m per s(?:ec(?:ond)?)?|(?:metres?|meters?) (?:per|a|an) sec(?:ond)?)`;
const SPEED_BEFORE_PLACE = new RegExp(String.raw`\b(go|drive|move|head|travel|navigate|roll|proceed) ${SPEED} (?=(?:to|into|towards|over to|back to)\b)`, 'g');
const SPEED_AFTER_PLACE = new RegExp(String.raw`\b((?:go|drive|move|head|travel|navigate|roll|proceed) (?:to|into|towards|over to|back to) [^,]+?),? ${SPEED}(?=\s*(?:,|$| then\b| and\b))`, 'g');

/**
 * "go to bin a, go to bin b instead": "instead" said last takes back the command before it, as "no
 * wait" does; after a marker ("scratch that, put it in bin b instead") or alone it adds nothing.
 */
function instead(text: string): string {
  const m = /^(.*?)(,\s*|\.\s+)([^,;.]+?)\s+instead$/.exec(text);
  if (!m) return text.replace(/\s+instead$/, '');
  const before = m[1]!.split(/\s*[,;.]\s*/).at(-1)!;
  if (!m[1] || CORRECTION_ALONE.test(before) || CORRECTION.test(m[3]!)) return `${m[1]}${m[2]}${m[3]}`;
  // Only a command said just before is taken back: after a condition ("if …, do Y instead") or with
  // "then", "instead" stays, and the instruction is refused quoting it rather than read without it.
  return VERB_START.test(before) && !/^then\b/.test(m[3]!) ? `${m[1]}${m[2]}no wait, ${m[3]}` : text;
}

export function normalizeInstruction(text: string): string {
  return inOrderDone(
    andAfterAsThen(slowly(sharedPlaceAfterThen(instead(withoutHasteOrCare(politeness(text)).trim()))))
      .replace(SPEED_BEFORE_PLACE, 'set max speed to $2 m/s, then $1 ')
      .replace(SPEED_AFTER_PLACE, 'set max speed to $2 m/s, then $1')
      .replace(WHEN_DONE, ', then ')
      .replace(BOUND, '')
      .replace(/[!?]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/**
 * "put the ball and then the cube in bin a", "first the ball, then the cube to the shelf": one
 * place said once for two objects taken in turn; each is taken there, in the order said.
 */
const THEN_SHARED = /^(?:(put|place|take|bring|move|carry|drop|deliver|get) )?(?:first )?((?:the|a|an|\d+) [^,;.]+?),? (?:and )?then ((?:the|a|an|\d+) [^,;.]+?) (to|into|in|on|onto|inside) ([^,;.]+)$/;

function sharedPlaceAfterThen(text: string): string {
  const m = THEN_SHARED.exec(text);
  if (!m || DESTINATION.test(m[2]!) || VERB_START.test(m[3]!)) return text;
  const verb = m[1] ?? (m[4] === 'to' ? 'take' : 'put');
  return `${verb} ${m[2]} ${m[4]} ${m[5]}, then ${verb} ${m[3]} ${m[4]} ${m[5]}`;
}

/** "it", "got them", "picked it up": after "once you have", what was taken before, said again. */
const HELD_ALREADY = /^(?:got |grabbed |picked up |holding |hold of )?(?:it|them|that|this|those|one|both)(?: up)?$/;

/** "(once) you have", "you are done", "you finish": the time clause's subject, which says nothing of what to do. */
const DONE = /^(?:you(?:'ve| have| are| 're)?|you finish|you are (?:done|finished) with) (?:(?:finished|done|fully|all) )*/;

/**
 * A time clause said out of the order things are done in: "before you go to Z, charge" is
 * charging, then going; "after charging, go to Z", "once you have charged go to Z" and "go to Z
 * after charging" are charging, then going. Written in doing order, the clauses split as any other.
 * "after that" is a sequence word already ("X, after that Y"), not a time clause.
 */
function inOrderDone(text: string): string {
  const verbFirst = (clause: string) => VERB_START.test(asCommand(clause));
  const opening = /^(before|after|once|when) (?!that\b|this\b|then\b|(?:you do|doing) (?:that|this|it)\b)(.+)$/.exec(text);
  if (opening) {
    const [first, second] = splitTimeClause(opening[2]!);
    // "when you are done, go home": nothing to do first. Nor in "once you have it, take it to Z",
    // "when you've got them, …": holding what the clause before took is what doing it in order gives.
    if (first && second && /^(?:(?:you )?(?:are |have )?(?:done|finished|ready)|that is (?:done|finished))$/.test(first)) return second;
    if (first && second && HELD_ALREADY.test(first.replace(DONE, ''))) return second;
    if (first && second && verbFirst(first)) {
      const time = asCommand(first);
      return opening[1] === 'before' ? `${second}, then ${time}` : `${time}, then ${second}`;
    }
  }
  const trailing = /^(.+?),? (before|after) (?!that\b|this\b|then\b|(?:you do|doing) (?:that|this|it)\b)(.+)$/.exec(text);
  // A trailing time clause governs its own step only: "go to bin a. then go to the shelf after
  // charging" charges between the two, not before both.
  if (trailing && !SEQUENCE.test(trailing[1]!) && verbFirst(trailing[1]!) && verbFirst(trailing[3]!)) {
    const time = asCommand(trailing[3]!);
    return trailing[2] === 'before' ? `${trailing[1]}, then ${time}` : `${time}, then ${trailing[1]}`;
  }
  return text;
}

/** "you have charged" → "charge", "charging" → "charge": the time clause as a command. */
function asCommand(clause: string): string {
  const c = clause.replace(DONE, '');
  const gerund = /^(\w+?)ing\b/.exec(c);
  if (!gerund) return c;
  const stem = [gerund[1]!, `${gerund[1]}e`, gerund[1]!.replace(/(\w)\1$/, '$1')].find((w) => Object.hasOwn(VERB_FRAMES, w));
  return stem ? c.replace(/^\w+/, stem) : c;
}

/** "charging, go to Z" → the time clause and the main one: at the comma, else where a second verb opens. */
function splitTimeClause(text: string): [string, string] | [] {
  const comma = /^(.+?)\s*,\s*(.+)$/.exec(text);
  if (comma) return [comma[1]!, comma[2]!];
  const words = text.replace(DONE, '').split(' ');
  for (let i = 1; i < words.length; i++) {
    const rest = words.slice(i).join(' ');
    if (VERB_START.test(rest) && !/^(?:up|down|off|out|back|over)\b/.test(rest)) return [words.slice(0, i).join(' '), rest];
  }
  return [];
}

/** "… and the blue one too", "… and also the green ball": a second object for the same command, a clause of its own. */
// "As well" may come as "as": "well" alone is a filler the language layer drops.
// "… and also in the red bay" is a second place for the same object, not another object: left to the clause to refuse.
const ALSO = /^also\s(?!(?:in|into|on|onto|to|at|inside)\b)|^(?!(?:also\s)?(?:in|into|on|onto|to|at|inside)\b).*\s(?:too|as well|as)$/;

/** An object of its own (not "the one in the corner", which says which one was meant). */
const ANOTHER_DELIVERY = /^(?!(?:the )?ones?\b)(?:the|a|an|\d+|red|green|blue|yellow)\s/;

/** "the blue one" said in place of "the red cube": one stands for the kind said before. */
function oneAsBefore(part: string, before: string): string {
  const kind = before.split(' ').find((w) => Object.hasOwn(SHAPE_WORDS, w));
  return kind ? part.replace(/\bone\b/, kind) : part;
}

/** "put the red cube, the blue cube and the green cube in the shed": the commas list the delivery's objects. */
function listed(parts: string[]): string[] {
  const out: string[] = [];
  let fixing = false;
  for (let i = 0; i < parts.length; i++) {
    const last = out.at(-1);
    const open = last !== undefined && DELIVERY_VERB.test(last) && !DESTINATION.test(last);
    // "put the red cube, no wait, the blue cube in bin a": the words after the marker take the object's place.
    if (open && CORRECTION_ALONE.test(parts[i]!) && i < parts.length - 1) {
      fixing = true;
      continue;
    }
    const fix = open && !CORRECTION_ALONE.test(parts[i]!) ? CORRECTION.exec(parts[i]!) : null;
    // "put the red cube, sorry, in bin a": a place said after the marker goes on from the object; it never stands in for it.
    if ((fixing || fix) && /^(?:in|into|on|onto|to|at|inside)\s/.test(parts[i]!.slice(fix ? fix[0].length : 0))) {
      out[out.length - 1] = `${last} ${parts[i]!.slice(fix ? fix[0].length : 0)}`;
      fixing = false;
      continue;
    }
    if (fixing || fix) {
      out[out.length - 1] = `${DELIVERY_VERB.exec(last!)![0]} ${oneAsBefore(parts[i]!.slice(fix ? fix[0].length : 0), last!)}`;
      fixing = false;
      continue;
    }
    // "put the red cube in bin a, the blue ball on the shelf and …": each delivery in the list shares the first one's verb.
    if (last !== undefined && DELIVERY_VERB.test(last) && DESTINATION.test(last) && ANOTHER_DELIVERY.test(parts[i]!) && DESTINATION.test(parts[i]!) && !/\s(?:is|are|was|were)\s/.test(parts[i]!)) {
      out.push(`${DELIVERY_VERB.exec(last)![0]} ${oneAsBefore(parts[i]!, last)}`);
      continue;
    }
    // The list runs on to the part that says "and" or where to: "A, B, C and D in Z".
    const end = open ? parts.findIndex((p, j) => j >= i && (VERB_START.test(p) || /\sand\s/.test(p) || DESTINATION.test(p))) : -1;
    if (end < 0 || VERB_START.test(parts[end]!)) {
      out.push(parts[i]!);
      continue;
    }
    // "put the red cube, in the shed": only the place was set apart.
    const joined = parts.slice(i, end + 1).map((p) => (/^(?:in|into|on|onto|to|at|inside)\s/.test(p) ? p : `and ${p}`));
    out[out.length - 1] = `${last} ${joined.join(' ')}`;
    i = end;
  }
  return out;
}

/** ", all but the green one", ", except the red ones", ", not the blue one": said after the clause, what it leaves out. */
const LEFT_OUT = /^(?:(?:all|everything|every one|each one) (?:but(?: not)?|except(?: for)?|apart from|other than|excluding|save for)|but not|except(?: for)?|apart from|other than|excluding|save for|not)\s+((?:the|that|those|any) .+|(?:red|green|blue|yellow)\b.*)$/;

const OBJECT_WORD = /\b(?:red|green|blue|yellow|ones?|cubes?|balls?|cylinders?|blocks?|boxes?|spheres?|cans?)\b/;

/** An exclusion said after a comma narrows the clause before it ("put the cubes on the shelf, all
 *  but the green one"): read apart, it was a second delivery of all but the green one. */
function leftOut(parts: string[]): string[] {
  const out: string[] = [];
  for (const p of parts) {
    const m = LEFT_OUT.exec(p);
    if (m && out.length && !VERB_START.test(m[1]!) && OBJECT_WORD.test(m[1]!)) out[out.length - 1] = `${out.at(-1)} except ${m[1]}`;
    else out.push(p);
  }
  return out;
}

/** A piece that is only a place: "(also) on the table (too)". */
const ANOTHER_PLACE = /^(?:also\s+)?(?:in|into|on|onto|to|at|inside)\s/;

/** Where one step of a sequence ends and the next begins: "then", "after that", "finally", a full stop. */
const SEQUENCE = /\s*(?:;|\.\s|\.$|\b(?:and\s+)?(?:then|after that|afterwards|after this|finally|lastly)\b)\s*/;

/** Splits "pick up the red cube, then put it in bin a and go home" into clauses. */
export function splitClauses(normalized: string): string[] {
  // Commas inside coordinates ("(3, 4.5)", "x=2, y=3") are not clause breaks.
  const protectedText = normalized.replace(/(\d)\s*,\s*(?=(?:y\s*=?\s*)?-?\d)/g, '$1 ');
  const parts = protectedText
    .split(SEQUENCE)
    // A time clause inside a sequence ("X, then, once you have it, Y"; "finally go home, after
    // putting X on Z") is put in doing order as one said first is (normalizeInstruction).
    .flatMap((p) => inOrderDone(p.replace(/^[\s,]+/, '')).split(SEQUENCE))
    .flatMap((p) => listed(leftOut(p.split(/\s*,\s*/).map((q) => q.trim()))))
    .filter(Boolean);
  // "a and b": split only where the right side starts with a verb ("red and blue cubes" stays).
  const clauses: string[] = [];
  for (const part of parts) {
    const pieces = part.split(/\s+and\s+/);
    let current = pieces[0]!;
    for (const piece of pieces.slice(1)) {
      if (VERB_START.test(piece) || ALSO.test(piece)) {
        // "go ahead and grab X", "come and get X": going there is part of the second verb.
        if (!/^(?:(?:just|now|please) )*(?:go|come)(?: ahead| on| over)?$/.test(current)) clauses.push(current);
        current = piece;
      } else if (ANOTHER_PLACE.test(piece) && DELIVERY_VERB.test(current)) {
        // "put the cube in A and on B (too)": a second place for the same object, read (and refused) on its own.
        clauses.push(current);
        current = `also ${piece.replace(/^also\s+/, '')}`;
      } else if (bothVerbless(current, piece)) {
        // "the red ball to bench a and the yellow cube to bench b": two deliveries, no verb said for either.
        clauses.push(current);
        current = piece;
      } else if (sharesVerb(current, piece)) {
        // "put X in A and Y on B": the second delivery shares the first one's verb.
        clauses.push(current);
        current = `${DELIVERY_VERB.exec(current)![0]} ${piece}`;
      } else current = `${current} and ${piece}`;
    }
    clauses.push(current);
  }
  return doneFirst(clauses)
    .map((c) => c.replace(/^(?:and|now)\s+/, '').replace(/^also\s+(?!(?:in|into|on|onto|to|at|inside)\b)/, '').trim())
    .filter(Boolean);
}
