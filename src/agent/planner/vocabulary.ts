/**
 * The words the offline planner understands: object colours and shapes, zone names and the
 * parameter names people use. Kept apart from the grammar so adding a synonym is one line.
 */
export const COLORS = ['red', 'green', 'blue', 'yellow'] as const;

/** Colours people say that no object class has: recognized so the answer can be honest. */
export const UNKNOWN_COLORS = ['purple', 'orange', 'white', 'black', 'pink', 'brown', 'grey', 'gray', 'violet', 'cyan', 'magenta'];

export const SHAPE_WORDS: Record<string, 'cube' | 'ball' | 'cylinder'> = {
  cube: 'cube',
  cubes: 'cube',
  block: 'cube',
  blocks: 'cube',
  box: 'cube',
  boxes: 'cube',
  ball: 'ball',
  balls: 'ball',
  sphere: 'ball',
  spheres: 'ball',
  cylinder: 'cylinder',
  cylinders: 'cylinder',
  can: 'cylinder',
  cans: 'cylinder',
  tube: 'cylinder',
  tubes: 'cylinder',
};

export const PLURAL_SHAPE_WORDS = new Set(['cubes', 'blocks', 'boxes', 'balls', 'spheres', 'cylinders', 'cans', 'tubes']);

/** Words for "any object". */
export const GENERIC_OBJECT_WORDS = new Set(['object', 'objects', 'thing', 'things', 'item', 'items', 'one', 'toy', 'toys', 'everything']);

/** Spoken zone names → canonical ones; the map decides which exist. */
export const ZONE_WORDS: Array<[RegExp, string]> = [
  [/\b(?:bin|box|basket|container)[\s_-]*(?:a|1|one)\b|\bfirst bin\b/, 'bin_a'],
  [/\b(?:bin|box|basket|container)[\s_-]*(?:b|2|two)\b|\bsecond bin\b/, 'bin_b'],
  [/\bcharging[\s_-]*(?:dock|station)\b|\b(?:charger|dock|docking station)\b/, 'charging_dock'],
  [/\bshel(?:f|ves)\b/, 'shelf'],
  [/\bhome\b|\bstart(?:ing)? (?:point|position|zone)\b|\bwhere you started\b/, 'home'],
];

/** How people name parameters → parameter names. */
export const PARAMETER_WORDS: Array<[RegExp, string]> = [
  [/\b(?:angular|turn(?:ing)?|rotation(?:al)?) speed\b/, 'max_angular_speed'],
  [/\b(?:max(?:imum)? |top |linear |driving )?(?:linear )?speed\b|\bvelocity\b/, 'max_linear_speed'],
  [/\b(?:arrival )?tolerance\b/, 'arrival_tolerance'],
  [/\b(?:detection )?(?:confidence|threshold)\b/, 'detection_confidence'],
  [/\bbattery reserve\b|\breserve\b/, 'battery_reserve'],
  [/\bcharge target\b/, 'charge_target'],
  [/\b(?:approach )?standoff\b/, 'approach_standoff'],
  [/\bconflict(?:[\s_]policy)?\b/, 'conflict_policy'],
];
