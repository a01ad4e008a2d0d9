/**
 * The words the offline planner understands: object colours and shapes, zone names and the
 * parameter names people use. Kept apart from the grammar so adding a synonym is one line.
 */
export const COLORS = ['red', 'green', 'blue', 'yellow'] as const;

/** Colours people say that no object class has: recognized so the answer can be honest. */
export const UNKNOWN_COLORS = ['purple', 'orange', 'white', 'black', 'pink', 'brown', 'grey', 'gray', 'violet', 'cyan', 'magenta'];

/**
 * Everyday names of shades that WordNet 3 records only as the thing they are named after ("lime":
 * a fruit, "cobalt": a metal), read as the detector colour they are a shade of; the colour words
 * WordNet does know ("crimson", "navy") are read through it (lexicon-meaning.ts).
 */
export const COLOUR_SHADES: Readonly<Record<string, (typeof COLORS)[number]>> = { lime: 'green', mint: 'green', cobalt: 'blue' };

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

/**
 * Common names for the built-in zones, used only when a map has that zone and no zone of the map
 * matches the words by its own name: the map's names always come first.
 */
export const ZONE_SYNONYMS: Array<[RegExp, string]> = [
  [/^(?:bin|box|basket|container)[\s_-]*(?:a|1|one)$|^first bin$/, 'bin_a'],
  [/^(?:bin|box|basket|container)[\s_-]*(?:b|2|two)$|^second bin$/, 'bin_b'],
  [/^(?:charging[\s_-]*(?:dock|station|pad)|charger|dock|docking station|power station)$/, 'charging_dock'],
  [/^(?:shel(?:f|ves)|rack)$/, 'shelf'],
  [/^(?:home|home base|base|start(?:ing)? (?:point|position|zone|area))$/, 'home'],
];

/** Words that mean "where the robot started" (its home zone, or the point it started from). */
export const HOME_WORDS = /^(?:home|back|base|home base|(?:the )?start|(?:the )?start(?:ing)? (?:point|position|place|spot|line)|where (?:you|it|we) (?:started|start|were|was|began|begin|came from|come from|are|are now|is now|are right now))$/;

/** Every word the grammar uses, so the spelling reader never "corrects" one into another. */
export const GRAMMAR_WORDS = new Set(
  `a an the to in into inside on onto top of at by near next beside close from with up down over back off out around about
  it them that this those these one ones me my you your yourself i we us is are am be do does did can could will would should
  please now also and then after afterwards finally first second but not no don't dont never without avoid stay keep away
  through via across past go move drive navigate head travel return come pick grab get fetch take grasp collect lift hold bring
  put place drop deliver carry set leave release transport give hand find look search locate where what how see spot show tell
  report check describe picture photo image snapshot capture snap charge recharge charging dock charger arm disarm stop halt
  freeze emergency reset turn rotate spin degrees left right clockwise counterclockwise scan status battery level position
  location pose holding carrying gripper all every each everything object objects thing things item items toy toys
  zone area bin box basket shelf home start starting point here there floor ground change make use adjust max maximum speed
  there's what's where's let is there any some for whats
  wall walls corner corners against along alongside beside between closest nearest closer nearer farthest furthest leftmost
  rightmost north south east west northern southern eastern western upper lower far side outside touching`.split(/\s+/).filter(Boolean),
);

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
