import { VERB_START } from './verbs.js';

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

/** Addressing the robot and asking politely ("hey robot, could you …") carry no part of a command. */
function politeness(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/^\s*(?:(?:hey|hi|hello|yo|oi|ok(?:ay)?|so|right|excuse me),? )?(?:the )?robot\b,?/, ' ')
    .replace(/\s*(?:->|=>|→)\s*/g, ' to ')
    .replace(/\b(closest|closer|nearest|nearer) to (?:you|me|us|the robot)\b/g, '$1')
    .replace(/\b(?:please|kindly|could you|can you|would you|will you|i want you to|i'd like you to|i would like you to|i need you to|for me|real quick|when you get a (?:chance|sec(?:ond)?))\b/g, ' ');
}

export function normalizeInstruction(text: string): string {
  return politeness(text)
    .replace(/[!?]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Splits "pick up the red cube, then put it in bin a and go home" into clauses. */
export function splitClauses(normalized: string): string[] {
  // Commas inside coordinates ("(3, 4.5)", "x=2, y=3") are not clause breaks.
  const protectedText = normalized.replace(/(\d)\s*,\s*(?=(?:y\s*=?\s*)?-?\d)/g, '$1 ');
  const parts = protectedText
    .split(/\s*(?:;|\.\s|\.$|\band then\b|\bthen\b|\bafter that\b|\bafterwards\b|\bfinally\b)\s*/)
    .flatMap((p) => p.split(/\s*,\s*/))
    .map((p) => p.trim())
    .filter(Boolean);
  // "a and b": split only where the right side starts with a verb ("red and blue cubes" stays).
  const clauses: string[] = [];
  for (const part of parts) {
    const pieces = part.split(/\s+and\s+/);
    let current = pieces[0]!;
    for (const piece of pieces.slice(1)) {
      if (VERB_START.test(piece)) {
        // "go ahead and grab X", "come and get X": going there is part of the second verb.
        if (!/^(?:(?:just|now|please) )*(?:go|come)(?: ahead| on| over)?$/.test(current)) clauses.push(current);
        current = piece;
      } else if (sharesVerb(current, piece)) {
        // "put X in A and Y on B": the second delivery shares the first one's verb.
        clauses.push(current);
        current = `${DELIVERY_VERB.exec(current)![0]} ${piece}`;
      } else current = `${current} and ${piece}`;
    }
    clauses.push(current);
  }
  return clauses.map((c) => c.replace(/^(?:and|also|now)\s+/, '').trim()).filter(Boolean);
}
