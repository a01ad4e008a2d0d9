import type { ParsedGoal } from './goal-types.js';
import { unknown } from './phrases.js';

/**
 * How robotics users move a robot by its own frame: a distance in a direction ("move forward
 * 1.5 m", "back up half a metre", "go 1 m to the left"), a turn by an angle either way round
 * ("turn left 90 degrees", "rotate 45° clockwise") and a turn to face a place or a compass
 * direction ("rotate to face the shelf", "face north"). Directions are the robot's own (forward is
 * where it faces, left is +90°); compass directions are the map's, as ROS's REP 103 has them
 * (x east, y north). A direction with no distance ("go forward") says nothing of how far, and
 * is refused with that said, never guessed.
 */

/** The robot's own directions, as the angle from its heading (degrees, anticlockwise). */
const DIRECTIONS: ReadonlyArray<[RegExp, number]> = [
  [/^(?:forwards?|ahead|straight(?: ahead| on)?|on)$/, 0],
  [/^(?:backwards?|back|in reverse|reverse|astern)$/, 180],
  [/^(?:(?:to )?(?:the |your |its )?left)$/, 90],
  [/^(?:(?:to )?(?:the |your |its )?right)$/, -90],
];
const DIRECTION = String.raw`(?:forwards?|ahead|straight(?: ahead| on)?|backwards?|back|in reverse|(?:to )?(?:the |your |its )?(?:left|right))`;

/** Map headings of the compass words (x east, y north). */
const COMPASS: Readonly<Record<string, number>> = { east: 0, north: 90, west: 180, south: -90 };

/** Length units → metres. */
const UNITS: ReadonlyArray<[RegExp, number]> = [
  [/^(?:m|metres?|meters?|mtrs?)$/, 1],
  [/^(?:cm|centimetres?|centimeters?|cms)$/, 0.01],
  [/^(?:mm|millimetres?|millimeters?)$/, 0.001],
  [/^(?:ft|feet|foot)$/, 0.3048],
  [/^(?:in|inch|inches)$/, 0.0254],
];
const UNIT = String.raw`(?:m|metres?|meters?|mtrs?|cm|centimetres?|centimeters?|cms|mm|millimetres?|millimeters?|ft|feet|foot|inch|inches)`;
/** A number of units: "1.5 m", "2m", "half a metre", "a metre", "a quarter of a metre". */
const AMOUNT = String.raw`(?:-?\d+(?:\.\d+)?\s*|half (?:of )?an? |an? (?:quarter|half) (?:of )?an? |(?:a )?quarter (?:of )?an? |an? |one )`;
const DISTANCE = `${AMOUNT}${UNIT}`;

/** Verbs that drive the robot itself; "back up", "back off" and "reverse" say the direction too. */
const DRIVE_VERB = String.raw`(?:go|move|drive|head|travel|roll|step|inch|creep|scoot|nudge|shuffle|advance|proceed|back up|back off|back|reverse)`;

/** "1.5 m", "half a metre", "30 cm" → metres; null when the words are no distance. */
export function readDistance(text: string): number | null {
  const m = new RegExp(`^(${AMOUNT.slice(3, -1)})\\s*(${UNIT.slice(3, -1)})$`).exec(text.trim());
  if (!m) return null;
  const amount = m[1]!.trim();
  const unit = UNITS.find(([re]) => re.test(m[2]!))![1];
  const n = /^-?\d/.test(amount) ? Number(amount) : /half/.test(amount) ? 0.5 : /quarter/.test(amount) ? 0.25 : 1;
  return Math.round(n * unit * 1000) / 1000;
}

function readDirection(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return DIRECTIONS.find(([re]) => re.test(text.trim()))?.[1];
}

/** "move forward 1.5 m", "2 metres backwards", "back up half a metre", "go 1 m to the left". */
export function readRelativeDrive(c: string): ParsedGoal | null {
  const re = new RegExp(`^(${DRIVE_VERB})?\\s*(?:(?:by|about|around|roughly|some) )?(${DIRECTION})?\\s*(?:(?:by|for) )?(${DISTANCE})?\\s*(${DIRECTION})?$`);
  const m = re.exec(c);
  if (!m || (!m[1] && !m[2] && !m[4]) || c.trim() === '') return null;
  const [, verb, before, amount, after] = m;
  if (!amount && !before && !after) return null;
  // "back up", "reverse": the verb is the direction; a direction said too must agree.
  const verbBack = verb !== undefined && /^(?:back(?: up| off)?|reverse)$/.test(verb);
  if (before && after) return null;
  const said = readDirection(before ?? after);
  const angle = said ?? (verbBack ? 180 : verb ? 0 : undefined);
  if (angle === undefined || (verbBack && said !== undefined && said !== 180)) return null;
  // "go back" and "go straight" alone are how people say other things (back home, straight there).
  if (!amount) return verb === undefined || /^(?:go|head|come|back|back off)$/.test(verb) ? null : unknown(c, `"${c}" says which way but not how far: say a distance, such as "${verbBack ? 'back up' : c} 1 m"`);
  const metres = readDistance(amount)!;
  if (metres <= 0) return unknown(c, `"${amount.trim()}" is no distance to drive`);
  return { kind: 'drive', metres, angle };
}

/**
 * A turn by an angle, the direction before or after it: "turn left 90 degrees", "rotate 45°
 * clockwise", "turn to the right by 30 degrees", "turn around", "spin round".
 */
export function readTurn(c: string): ParsedGoal | null {
  const m = /^(?:turn|rotate|spin|swivel|pivot)(?: yourself)?(?: (around|round|about))?(?: (?:to (?:the |your )?|towards? (?:the |your )?)?(left|right|clockwise|counter-?clockwise|anti-?clockwise))?(?: (?:by|through) )?(?: ?(-?\d+(?:\.\d+)?) ?(?:degrees?|degs?|°))?(?: (?:to (?:the |your )?)?(left|right|clockwise|counter-?clockwise|anti-?clockwise))?(?: (?:on the spot|in place|where you are))?$/.exec(c.replace(/(\d)°/g, '$1 °'));
  if (!m) return null;
  const [, around, before, amount, after] = m;
  if (before && after && before !== after) return null;
  const way = before ?? after;
  if (!amount && !way && !around) return null;
  let degrees = amount ? Math.abs(Number(amount)) : around && !way ? 180 : 90;
  if (way && /^(?:right|clockwise)$/.test(way)) degrees = -degrees;
  else if (!way && amount && Number(amount) < 0) degrees = -degrees;
  return { kind: 'rotate', degrees };
}

/** "face the shelf", "rotate to face the dock", "turn towards bin a", "face north", "point at the door". */
export function readFacing(c: string): ParsedGoal | null {
  const m =
    /^(?:(?:turn|rotate|spin|swivel|pivot)(?: (?:around|round|about))? (?:(?:so as |so that you |in order )?to (?:face|look at|point at)|towards?|so you face|and face)|face|look towards?|point (?:yourself )?(?:at|towards?)) (?:the |your )?(.+?)(?: (?:on the spot|in place|where you are))?$/.exec(c);
  if (!m) return null;
  const what = m[1]!;
  const compass = /^(north|south|east|west)(?:wards?)?$/.exec(what);
  if (compass) return { kind: 'face', toward: { heading: COMPASS[compass[1]!]! } };
  // "turn towards the left" is a turn, not a place.
  if (readDirection(what) !== undefined) return null;
  return { kind: 'face', toward: { said: what } };
}
