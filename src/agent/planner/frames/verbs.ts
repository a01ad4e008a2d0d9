/**
 * The verbs the intent frames are driven by, as lemmas (language.ts hands the frames "goes" as
 * "go", "dropped" as "drop"), and the words around a command that carry no part of it: a lead-in
 * ("just", "go ahead and", "I need you to"), a manner adverb ("quickly", "carefully") or a
 * courtesy at the end ("if you can", "thanks"). Taking those off first is what lets one frame read
 * "could you just quickly put the red cube in bin a for me, thanks" as it reads "put the red cube
 * in bin a"; a word the frames cannot account for is still quoted back as not understood.
 */
export type FrameName =
  | 'go'
  | 'pick'
  | 'place'
  | 'find'
  | 'count'
  | 'describe'
  | 'charge'
  | 'stop'
  | 'set'
  | 'rotate'
  | 'capture'
  | 'stay'
  | 'swap'
  | 'clear'
  | 'sort';

/** Lemma → the frames it can open, in the order they are tried (the phrases after it decide). */
const SAID_FRAMES: Readonly<Record<string, readonly FrameName[]>> = {
  go: ['go'], drive: ['go'], navigate: ['go'], head: ['go'], travel: ['go'], come: ['go'], roll: ['place', 'go'], enter: ['go'], walk: ['go'], proceed: ['go'],
  // Going somewhere briefly, in senses WordNet does not list among their first: "nip over to", "zip down to".
  nip: ['go'], zip: ['go'], hop: ['go'], whizz: ['go'],
  return: ['place', 'go'], move: ['place', 'go'], get: ['place', 'pick', 'go'],
  pick: ['pick'], grab: ['place', 'pick'], fetch: ['place', 'pick'], grasp: ['pick'], collect: ['place', 'pick'], lift: ['pick'], hold: ['pick'], retrieve: ['place', 'pick'],
  take: ['capture', 'place', 'pick'], bring: ['place'], put: ['sort', 'place'], place: ['place'], drop: ['place'], deliver: ['place'], carry: ['place'], set: ['set', 'place'],
  leave: ['place'], release: ['place'], transport: ['place'], give: ['place'], hand: ['place'], relocate: ['place'], shift: ['place'], transfer: ['place'],
  pass: ['place'], gather: ['place', 'pick'], visit: ['go'], meet: ['go'],
  stick: ['place'], toss: ['place'], chuck: ['place'], dump: ['place'], stash: ['place'], shove: ['place'], pop: ['place', 'go'], let: ['place'], swing: ['go'], park: ['place', 'go'],
  find: ['find'], look: ['describe', 'find'], search: ['find'], locate: ['find'], spot: ['find'], see: ['find'], where: ['find'], check: ['find'],
  count: ['count'], how: ['count'], describe: ['describe'], scan: ['describe'], what: ['describe'], tell: ['describe'],
  charge: ['charge'], recharge: ['charge'], dock: ['charge'],
  stop: ['stop', 'go'], halt: ['stop'], freeze: ['stop'], emergency: ['stop'], arm: ['stop'], disarm: ['stop'], reset: ['stop'],
  change: ['set'], make: ['set'], use: ['set'], adjust: ['set'], slow: ['set'], speed: ['set'],
  turn: ['rotate'], rotate: ['rotate'], spin: ['rotate'], face: ['rotate'], reverse: ['go'],
  snap: ['capture'], capture: ['capture'], photograph: ['capture'], shoot: ['capture'],
  stay: ['stay'], wait: ['stay'], remain: ['stay'], stand: ['stay'],
  swap: ['swap'], switch: ['swap'], exchange: ['swap'], trade: ['swap'], interchange: ['swap'],
  clear: ['clear'], empty: ['clear'], unload: ['clear'], remove: ['clear'], clean: ['clear'],
  sort: ['sort'], fix: ['sort'], organize: ['sort'], organise: ['sort'], straighten: ['sort'], tidy: ['sort'],
};

/** The frames of each verb, tried in order. Any verb that delivers may say where an object belongs
 *  ("stick it in the right bay"): that sort is tried first. */
export const VERB_FRAMES: Readonly<Record<string, readonly FrameName[]>> = Object.fromEntries(
  Object.entries(SAID_FRAMES).map(([verb, frames]) => [verb, frames.includes('place') && !frames.includes('sort') ? ['sort', ...frames] : frames]),
);

/** Words that open a clause of their own in "X and <verb> …" (questions and statuses included). */
const CLAUSE_OPENERS = ['is', 'are', 'do', 'can', 'report', 'show', 'have'];

export const VERB_START = new RegExp(`^(?:please |now |also |and |then )*(?:${[...Object.keys(VERB_FRAMES), ...CLAUSE_OPENERS].join('|')})\\b`);

/** Said before the verb, meaning only "do this": "just", "go ahead and", "I need you to", "try to". */
const LEAD_IN =
  /^(?:(?:just|simply|quickly|carefully|gently|now|also|first|next|then|finally|lastly|and|so|maybe|perhaps|please|ok(?:ay)?|alright|right|(?:go|come) (?:ahead )?and|go ahead,?|try (?:to|and)|make sure (?:to|you)|be sure to|remember to|(?:i|we) (?:need|want|would like) you to|i (?:said|say|told you)(?: to)?|(?:we|i) (?:need|have|got) to|hey|mind|do me a fav(?:ou)?r(?: and)?|you (?:need|have|ought) to|you (?:should|can|could|must|may)|(?:would|will|is) it be possible (?:for you )?to|is it possible (?:for you )?to|(?:do you )?(?:think|reckon|suppose) you (?:could|can|might)|(?:could|can|may) i (?:ask|get) you to|(?:would|will) you be able to|are you able to|let's|lets|let us|time to) )+/;

/** Manner and urgency: how to do it, not what. Taken out wherever they stand. */
const MANNER = /\b(?:quickly|carefully|gently|one (?:at a time|by one|after (?:the )?other)|right away|straight away|immediately|asap|as soon as possible|real quick|when you get a chance|right now)\b/g;

/** A courtesy or a time word at the end of a command. */
const TAIL =
  /\s+(?:now|please|too|as well|as|again|thanks|thank you|if you can|if you could|if possible|if you do not mind|when you can|when you are ready|for me|ok(?:ay)?|would you|will you|could you|can you|yeah|for a (?:bit|moment|minute|second|sec|while)|i (?:guess|think|suppose))$/;

/** "Make your way (over) to Z" is going there ("make" alone opens the frame that sets a value). */
const MAKE_ONES_WAY = /^make (?:your|its|my|our) way(?= (?:over |back |down |up |across |round |around )?(?:to|into|towards?|back|home)\b)/;

/** "Grab hold of X", "get hold of X": pick it up. */
const TAKE_HOLD = /^(?:grab|get|take|catch) (?:a )?hold of\b/;

/** The command with the words that carry no part of it taken off. */
export function bareClause(clause: string): string {
  let c = ` ${clause} `.replace(MANNER, ' ').replace(/\s+/g, ' ').trim();
  for (let before = ''; before !== c; ) {
    before = c;
    // "I'm gonna need X in Z", "we're going to want X": the future of wanting is wanting.
    c = c.replace(/^(?:(?:i am|we are|i|we) )?go(?:ing)? to (?=(?:need|want)\b)/, 'i ');
    c = c.replace(LEAD_IN, '').replace(TAIL, '').replace(MAKE_ONES_WAY, 'go').replace(TAKE_HOLD, 'pick up').trim();
  }
  // "you put the cube in the sink": an order said to "you", as some speakers do.
  const addressed = /^you (\w+)\b/.exec(c);
  if (addressed && Object.hasOwn(VERB_FRAMES, addressed[1]!)) c = c.replace(/^you /, '');
  // "have a look around", "take a quick look for X": looking; "go grab X", "come get X": the second verb is the command.
  c = c.replace(/^(?:have|take) a (?:quick |good )?look\b/, 'look');
  // "please to bring X", "round up the balls into Z": a learner's "to", and gathering said as rounding up.
  c = c.replace(/^to (?=(\w+)\b)/, (m, w: string) => (Object.hasOwn(VERB_FRAMES, w) ? '' : m)).replace(/^round up\b/, 'gather up');
  const then = /^(?:go|come|run) (\w+)\b/.exec(c);
  return then && then[1]! in VERB_FRAMES && !/^(?:back|home)$/.test(then[1]!) ? c.replace(/^\w+ /, '') : c;
}

/** The first word of the clause that opens a frame, and where it stands. */
export function verbOf(clause: string): { lemma: string; index: number } | null {
  const words = clause.split(' ');
  const index = words.findIndex((w) => w in VERB_FRAMES);
  return index < 0 ? null : { lemma: words[index]!, index };
}
