import { describe, expect, it } from 'vitest';
import { readInstruction } from '../../src/agent/planner/instruction.js';
import { openDictionaryFiles } from '../../src/agent/planner/lexicon.js';
import { zoneWords } from '../../src/agent/planner/place-words.js';

/** WordNet costs nothing for instructions of known words: its files are opened only for a word the planner does not list, in a clause the grammar cannot read. */
const ZONES = zoneWords(['home', 'shelf', 'bin_a', 'bin_b', 'charging_dock']);

describe('WordNet is opened only when needed', () => {
  it('reads everyday instructions of known words, typos and unknown-but-harmless words without opening a dictionary file', () => {
    for (const text of [
      'pick up the red cube',
      'put all the balls except the blue one in bin b',
      'hey robot, could you bring me the yellow cylinder please',
      'how many cubes are on the shelf?',
      'pick up teh red cube',
      'turn ninety degrees left',
      'go to the kitchen',
      'set the speed to zero point five',
    ]) {
      readInstruction(text, ZONES);
      expect(openDictionaryFiles(), text).toBe(0);
    }
  });

  it('opens it for a word it does not list in a clause the grammar cannot read', () => {
    expect(readInstruction('haul the red cube to bin a', ZONES).readings).toEqual([{ said: 'haul', read: 'move' }]);
    expect(openDictionaryFiles()).toBeGreaterThan(0);
  });
});
