import { describe, expect, it } from 'vitest';
import { senses, synsetsOf } from '../../src/agent/planner/lexicon.js';
import { resolveZone } from '../../src/agent/planner/place-words.js';
import { colourMeaning, samePlaceMeaning, shapeMeaning, verbMeaning } from '../../src/agent/planner/lexicon-meaning.js';

/** WordNet read in place (lexicon.ts) and what its links make of words the planner does not list (lexicon-meaning.ts). */
describe('WordNet lookup', () => {
  it('finds a lemma by binary search over the sorted index, with its senses most frequent first', () => {
    expect(synsetsOf('orb', 'noun').map((s) => s.words)).toEqual([['eyeball', 'orb'], ['ball', 'globe', 'orb']]);
    expect(synsetsOf('storeroom', 'noun')[0]!.words).toEqual(['storeroom', 'storage_room', 'stowage']);
    expect(synsetsOf('put', 'verb')[0]!.words).toEqual(['put', 'set', 'place', 'pose', 'position', 'lay']);
  });

  it('finds the first and the last lemma of an index, multi-word lemmas, and nothing for words it lacks', () => {
    expect(senses("'hood", 'noun')).toHaveLength(1);
    expect(senses('zyrian', 'noun').length).toBeGreaterThan(0);
    expect(senses('pick up', 'verb').length).toBeGreaterThan(0);
    expect(senses('qwzx', 'noun')).toEqual([]);
    expect(senses('', 'verb')).toEqual([]);
    expect(senses('a b/c', 'verb')).toEqual([]);
  });
});

describe('verbs read as the frames verbs', () => {
  it.each([
    ['haul', true, 'move'],
    ['lug', true, 'carry'],
    ['lug', false, 'carry'],
    ['send', true, 'move'],
    ['push', true, 'move'],
    ['deposit', true, 'put'],
    ['shove', true, 'move'],
    ['retrieve', false, 'bring'],
    ['snatch', false, 'pick up'],
    ['scoop', false, 'pick up'],
    ['hoist', false, 'pick up'],
    ['hurry', true, 'go'],
    ['scoot', true, 'go'],
    ['stroll', true, 'go'],
    ['seek', false, 'find'],
    ['tally', false, 'count'],
    ['dump', true, 'drop'],
    ['ship', true, 'carry'],
    ['pivot', false, 'turn'],
  ] as const)('%s (destination %s) → %s', (verb, destination, frame) => {
    expect(verbMeaning(verb, destination)).toBe(frame);
  });

  it.each(['eat', 'paint', 'destroy', 'sing', 'stash', 'think', 'wash', 'lock'])('%s reads as no frame', (verb) => {
    expect(verbMeaning(verb, true)).toBeNull();
  });

  // Through the air or through water is going for WordNet, and no way of going for a robot on wheels.
  it.each(['fly', 'wing', 'swim'])('%s, with a destination, is no way of going for the robot', (verb) => {
    expect(verbMeaning(verb, true)).toBeNull();
  });
});

describe('nouns read as the detector shapes', () => {
  it.each([
    ['orb', 'ball', false],
    ['orbs', 'ball', true],
    ['globe', 'ball', false],
    ['marble', 'ball', false],
    ['pellet', 'ball', false],
    ['pipe', 'cylinder', false],
    ['tin', 'cylinder', false],
    ['canister', 'cylinder', false],
    ['drum', 'cylinder', false],
    ['bottles', 'cylinder', true],
    ['die', 'cube', false],
  ] as const)('%s → %s', (noun, shape, plural) => {
    expect(shapeMeaning(noun)).toEqual({ shape, plural });
  });

  it.each(['crate', 'carton', 'chest', 'brick', 'table', 'wall', 'corner', 'door', 'room', 'shelf', 'gadget', 'cone', 'puck'])(
    '%s names no shape: a container, furniture or a shape the detector lacks',
    (noun) => {
      expect(shapeMeaning(noun)).toBeNull();
    },
  );
});

describe('colour words read as the detector colours', () => {
  it.each([
    ['crimson', 'red'],
    ['scarlet', 'red'],
    ['navy', 'blue'],
    ['azure', 'blue'],
    ['emerald', 'green'],
    ['gold', 'yellow'],
    ['amber', 'yellow'],
    // An adjective sharing its colour sense with a colour noun ("golden": gold).
    ['golden', 'yellow'],
    // Shades WordNet records only as the thing they are named after (vocabulary.ts).
    ['lime', 'green'],
    ['cobalt', 'blue'],
  ])('%s → %s', (word, colour) => {
    expect(colourMeaning(word)).toBe(colour);
  });

  it.each(['purple', 'white', 'black', 'pink', 'teal', 'maroon', 'olive', 'violet', 'silver', 'beige'])('%s is no detector colour', (word) => {
    expect(colourMeaning(word)).toBeNull();
  });
});

describe('place words by meaning', () => {
  it('reads synonyms and a more general word for the named one', () => {
    expect(samePlaceMeaning('storeroom', 'storage_room')).toBe(true);
    expect(samePlaceMeaning('container', 'bin')).toBe(true);
    expect(samePlaceMeaning('bin', 'container')).toBe(false);
    expect(samePlaceMeaning('kitchen', 'outbox')).toBe(false);
  });
});

describe('zone words by meaning, after the map\'s names', () => {
  it.each([
    ['storeroom', ['entrance', 'storage_room', 'charging_dock'], { zone: 'storage_room' }],
    ['the store room', ['entrance', 'storeroom'], { zone: 'storeroom' }],
    ['storeroom', ['store_room', 'dock'], { zone: 'store_room' }],
    ['the container', ['bin', 'shelf'], { zone: 'bin' }],
    ['the container', ['bin_a', 'bin_b', 'shelf'], { ambiguous: ['bin_a', 'bin_b'] }],
    ['kitchen', ['outbox', 'inbox', 'table'], { none: true }],
    ['wall', ['outbox', 'inbox', 'table'], { none: true }],
  ])('%s on %j', (said, zones, match) => {
    expect(resolveZone(said, zones)).toEqual(match);
  });

  it.each([
    ['the third room', 'room_3'],
    ['2nd room', 'room_2'],
    ['room two', 'room_2'],
  ])('ordinals and number words name numbered zones: %s', (said, zone) => {
    expect(resolveZone(said, ['reception', 'room_1', 'room_2', 'room_3', 'mail_room'])).toEqual({ zone });
  });

  it('"the first bin" and "bin two" still name the built-in bins', () => {
    expect(resolveZone('first bin', ['bin_a', 'bin_b'])).toEqual({ zone: 'bin_a' });
    expect(resolveZone('bin two', ['bin_a', 'bin_b'])).toEqual({ zone: 'bin_b' });
  });

  it('a map name still comes before a meaning', () => {
    expect(resolveZone('container', ['container_yard', 'bin'])).toEqual({ zone: 'container_yard' });
  });
});
