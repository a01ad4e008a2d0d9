/**
 * How the robot is asked to drive, said with the command: a manner it can keep is a lower top
 * speed, set before anything else moves it. (One it cannot keep, "quietly", is refused in clause.ts.)
 */

/**
 * "Slowly", "at half speed", "nice and slow": a manner of driving the robot can keep, as a lower
 * speed limit set before anything else (0.3 m/s, half the default top speed; "very slowly" half that).
 */
const SLOWLY = /(?:,\s*|\s+)?\b(?:(?:and |but )?do (?:it|that|this|so) )?(?:(very|really|extra) )?(?:(?:but |and )?(?:do not|don't) (?:rush|hurry|go fast|speed)|slowly|nice and slow|slow and steady|(?:at|with) (?:a )?(?:slow|low|reduced|walking|crawling) (?:speed|pace)|at half(?: the)?(?: normal| your)? speed|take it slow|go slow)\b/;

/** "don't go faster than 0.3 m/s", "keep your speed under 0.2 m/s", "no faster than 0.4 m/s": that top speed, set first. */
const SPEED_CAP = new RegExp(String.raw`(?:,\s*|\s+)?\b(?:but |and )?(?:(?:do not|don't|never) (?:go|drive|move) (?:any )?faster than|(?:at )?no faster than|keep (?:the |your )?speed (?:under|below|at or below)|(?:at |with )?(?:a )?(?:top|max(?:imum)?) speed of) (\d+(?:\.\d+)?) ?(?:m\/s|mps|(?:metres?|meters?) (?:per|a|an) sec(?:ond)?)`);

export function slowly(text: string): string {
  const cap = SPEED_CAP.exec(text);
  const without = cap ? `${text.slice(0, cap.index)}${text.slice(cap.index + cap[0].length)}`.replace(/^[\s,]+|[\s,]+$/g, '') : '';
  if (cap && without) return `set max speed to ${cap[1]} m/s, then ${without}`;
  const m = SLOWLY.exec(text);
  const rest = m ? `${text.slice(0, m.index)}${text.slice(m.index + m[0].length)}`.replace(/^[\s,]+|[\s,]+$/g, '') : '';
  // Said alone ("do it slowly") it names nothing to do: left to be refused as said.
  if (!m || !rest || /^(?:do (?:it|that|this)|go|move|drive)$/.test(rest)) return text;
  return `set max speed to ${m[1] ? 0.15 : 0.3} m/s, then ${rest}`;
}
