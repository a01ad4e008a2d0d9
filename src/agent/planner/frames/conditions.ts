import type { BatteryTest } from './goal-types.js';

/**
 * Conditions on the robot's battery that people attach to a request: "if you have more than 30%
 * charge, go to bin a", "charge first if you're below 20%", "go to the shelf as long as your
 * battery is over half", "unless you're low, bring me the red cube". The words are taken out and
 * the request split around them, so the planner can check the test against get_robot_status when
 * its turn comes and do the clause it governs only when it holds — never drop it. A condition on
 * anything else is left in the text, where the frames refuse what they cannot read.
 */
export interface Conditioned {
  before: string;
  test: BatteryTest;
  /** The condition as said, for the report ("you have more than 30% charge"). */
  said: string;
  governed: string;
  after: string;
}

const ABOVE = '(?:more than|over|above|greater than|higher than|in excess of|upwards of)';
const AT_LEAST = '(?:at least|no less than|not less than|a minimum of|minimum)';
const BELOW = '(?:less than|under|below|lower than|beneath|fewer than)';
const AT_MOST = '(?:at most|no more than|not more than|a maximum of|maximum)';
const ENERGY = '(?:charge|battery|power|juice|energy|battery charge|battery power)';
/** A share of the battery: a bare number only with a word for charge after it ("more than 3 cubes" is no battery level). */
const LEVEL = String.raw`(?:\d+(?:\.\d+)?\s*(?:%|percent|per cent)|\d+(?:\.\d+)?(?= (?:of )?${ENERGY})|half|a half|a quarter|quarter|three quarters|a third|a tenth|full)`;
const SUBJECT = String.raw`(?:you have (?:get |got )?|you have|you are (?:at |still at |still )?|there is |it is (?:at |still )?|(?:your |the )?${ENERGY}(?: level)? (?:is (?:at |still )?|reads |shows |level is )?)`;
const COMPARED = String.raw`${SUBJECT}(?:${ABOVE}|${AT_LEAST}|${BELOW}|${AT_MOST}) ${LEVEL}(?: (?:of )?${ENERGY})?(?: charged)?(?: left| remaining)?`;
const OR = '(?: or (?:more|above|over|higher|less|below|under|lower))';
const OR_MORE = String.raw`${SUBJECT}(?:at )?${LEVEL}${OR}?(?: (?:of )?${ENERGY})?(?: charged)?(?: left| remaining)?${OR}?`;
const LOW = String.raw`(?:you are (?:running |getting |run |get )?low(?: on ${ENERGY})?|(?:your |the )?${ENERGY}(?: level)? is (?:running |getting |run |get )?low|you are (?:not |not running |not getting |not run |not get )low(?: on ${ENERGY})?|(?:your |the )?${ENERGY}(?: level)? is (?:not |not running |not getting |not run |not get )low|you have (?:get |got )?enough ${ENERGY}(?: left)?(?: for (?:it|that|the trip))?)`;
const BODY = `(${COMPARED}|${OR_MORE}|${LOW})`;
const IF = String.raw`(?:(?:but |and )?only if|if|as long as|so long as|provided(?: that)?|unless)`;

const LEADING = new RegExp(String.raw`^(?:(?:and|so|but) )?(${IF}) ${BODY}(?:\s*,\s*|\s+)(?:then |and )?(.+)$`);
const TRAILING = new RegExp(String.raw`^(.+?)(\s*[,.;?!]\s*|\s+)(${IF}) ${BODY}(?:(?:\s*,\s*|\s+)(?:and then |then |and |but )?(.+))?$`);

/** Every condition LEADING and TRAILING match holds one of these words. Checked first, as most
 *  requests have none: compiling those two patterns took about 15 ms of a one-shot `run`. */
const ANY_CONDITION_WORD = /\b(?:if|as long as|so long as|provided|unless)\b/;

/** The request split around a battery condition, or null when it has none. `clauses` splits a text into its clauses. */
export function splitOnCondition(text: string, clauses: (t: string) => string[]): Conditioned | null {
  if (!ANY_CONDITION_WORD.test(text)) return null;
  const lead = LEADING.exec(text);
  // "if you're low, charge, then go to bin a": the charge is what the test asks for, the rest is done either way.
  const charge = lead && /^((?:go and |go )?(?:charge|recharge|top up|charge up)\b[^,]*?)(?:\s*,\s*|\s+)(?:and )?then (.+)$/.exec(lead[3]!);
  if (lead && charge) return made('', lead[1]!, lead[2]!, charge[1]!, charge[2]!);
  if (lead) return made('', lead[1]!, lead[2]!, lead[3]!, '');
  const match = TRAILING.exec(text);
  if (!match) return null;
  const [, head, mark, word, body] = match as unknown as [string, string, string, string, string];
  const rest = match[5] ?? '';
  // "how much battery do you have? if it's under half, go charge": a condition opening a clause governs what follows it.
  if (/[,.;?!]/.test(mark) && rest && !/\bonly\b/.test(word)) return made(head, word, body, rest, '');
  // "go to bin a, then charge if you're below 20%": the condition governs the clause it follows;
  // "…, but charge first if you're below 20%": that clause comes first.
  // (Found before the clauses are split, which puts a clause said "first" in front.)
  const first = /^(.+?)\s*,\s*((?:(?:but|and|then) )*[^,]*\bfirst\b[^,]*)$/.exec(head);
  if (first) return made('', word, body, first[2]!, [first[1]!, rest].filter(Boolean).join(', '));
  const parts = clauses(head);
  return made(parts.slice(0, -1).join(', '), word, body, parts.at(-1) ?? head, rest);
}

/**
 * "At least 40%" said of the battery, as "40% or more": the language layer reads a bound before a
 * number as a quantity of objects and takes it off, which would turn the test into "40%".
 */
export function keepBatteryBounds(text: string): string {
  const n = String.raw`(\d+(?:\.\d+)?\s*(?:%|percent|per cent))`;
  return text
    .replace(new RegExp(String.raw`\b(?:at least|no less than|not less than|a minimum of|minimum of) ${n}`, 'gi'), '$1 or more')
    .replace(new RegExp(String.raw`\b(?:at most|no more than|not more than|a maximum of|maximum of|up to) ${n}`, 'gi'), '$1 or less');
}

function made(before: string, word: string, said: string, governed: string, after: string): Conditioned | null {
  const test = batteryTest(said);
  if (!test) return null;
  return { before, test: word === 'unless' ? negated(test) : test, said: `${word === 'unless' ? 'unless ' : ''}${said}`, governed: governed.replace(/^(?:(?:then|and|but|so|only) )+/, ''), after };
}

function batteryTest(said: string): BatteryTest | null {
  if (new RegExp(`^${LOW}$`).test(said)) return { low: !/\b(?:not|enough)\b/.test(said) };
  const level = levelOf(said);
  if (level === null) return null;
  // The bounds first: "no more than half" holds "more than" too.
  if (new RegExp(`\\b${AT_LEAST}\\b`).test(said) || /\bor (?:more|above|over|higher)\b/.test(said)) return { op: '>=', level };
  if (new RegExp(`\\b${AT_MOST}\\b`).test(said) || /\bor (?:less|below|under|lower)\b/.test(said)) return { op: '<=', level };
  if (new RegExp(`\\b${ABOVE}\\b`).test(said)) return { op: '>', level };
  return new RegExp(`\\b${BELOW}\\b`).test(said) ? { op: '<', level } : null;
}

const SHARES: Record<string, number> = { half: 0.5, 'a half': 0.5, quarter: 0.25, 'a quarter': 0.25, 'three quarters': 0.75, 'a third': 1 / 3, 'a tenth': 0.1, full: 1 };

function levelOf(said: string): number | null {
  const n = /(\d+(?:\.\d+)?)\s*(?:%|percent|per cent)?/.exec(said);
  if (n) return Number(n[1]) <= 100 ? Number(n[1]) / 100 : null;
  const word = /\b(a half|half|a quarter|quarter|three quarters|a third|a tenth|full)\b/.exec(said);
  return word ? SHARES[word[1]!]! : null;
}

function negated(t: BatteryTest): BatteryTest {
  if ('low' in t) return { low: !t.low };
  const flip = { '>': '<=', '>=': '<', '<': '>=', '<=': '>' } as const;
  return { op: flip[t.op], level: t.level };
}
