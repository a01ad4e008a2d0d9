/**
 * Constraints said alongside the actions — "without charging", "but don't charge", "don't go
 * through the loading bay", "avoid bin a" — taken out of the instruction before its clauses are
 * read, so none is ever dropped: each becomes a goal the mission must keep (or refuse up front).
 * A negation left over afterwards ("but not the red one") is returned as not understood.
 */
export type Constraint = { rule: 'no_charge'; text: string } | { rule: 'avoid'; said: string; text: string };

const END = String.raw`(?=\s*(?:,|;|\.|\band then\b|\bthen\b|\band\b|$))`;
const NEGATION = String.raw`(?:do not|don't|dont|never|no|please don't)`;
const PLACE = String.raw`(?:the )?([a-z0-9_ -]+?)`;

const NO_CHARGE = [
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and )?${NEGATION} (?:stop (?:to |and |for )?(?:a )?)?(?:re)?charg(?:e|ing)\b(?: (?:the battery|yourself|it|there|up))?(?: (?:on|along) the way)?`, 'g'),
  new RegExp(String.raw`(?:,\s*)?\bwithout (?:re)?charging\b(?: (?:the battery|yourself|it|there|up))?`, 'g'),
];
const MOTION_WORDS = String.raw`(?:go(?:ing)?|driv(?:e|ing)|pass(?:ing)?|travel(?:l?ing)?|cut(?:ting)?|mov(?:e|ing)|enter(?:ing)?|head(?:ing)?)`;
const AVOID = [
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and )?${NEGATION} ${MOTION_WORDS} (?:through|via|across|into|in|past|by|near)\s+${PLACE}${END}`, 'g'),
  new RegExp(String.raw`(?:,\s*)?\bwithout ${MOTION_WORDS} (?:through|via|across|into|in|past|by|near)\s+${PLACE}${END}`, 'g'),
  new RegExp(String.raw`(?:,\s*)?\b(?:but |and )?(?:avoid(?:ing)?|stay(?:ing)? (?:out of|away from|clear of)|keep(?:ing)? (?:out of|away from|clear of))\s+(?:going through\s+)?${PLACE}${END}`, 'g'),
];

/** Words that negate or exclude: left in a clause, they would be dropped by the grammar. */
export const LEFTOVER_NEGATION = /\b(?:not|don't|dont|do not|never|without|avoid|except|but|no)\b/;

export function extractConstraints(text: string): { rest: string; constraints: Constraint[] } {
  const constraints: Constraint[] = [];
  let rest = text;
  for (const pattern of NO_CHARGE) {
    rest = rest.replace(pattern, (m) => {
      constraints.push({ rule: 'no_charge', text: m.replace(/^,?\s*/, '').trim() });
      return ' ';
    });
  }
  for (const pattern of AVOID) {
    rest = rest.replace(pattern, (m, place: string) => {
      constraints.push({ rule: 'avoid', said: place.trim(), text: m.replace(/^,?\s*/, '').trim() });
      return ' ';
    });
  }
  return { rest: rest.replace(/\s+/g, ' ').replace(/\s+([,.;])/g, '$1').trim(), constraints };
}
