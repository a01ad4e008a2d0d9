import { describe, expect, it } from 'vitest';
import { premisesMeaning } from '../../src/agent/planner/lexicon-meaning.js';
import { expectGrounding, groundedGoals, type WordingCase as Case } from './planner-map.js';

/**
 * "How many balls are in the whole clinic?": the premises the robot works in, called whatever
 * people call them, is the whole room — read in WordNet (any kind of building, room,
 * establishment or workplace), not from a list, and never when the map has a zone of that name.
 */
const CLINIC = ['reception_desk', 'waiting_area', 'surgery_1', 'surgery_2', 'sterilisation_area', 'charging_dock'];
const inClinic = expectGrounding(CLINIC);
const whole = (shape?: string) => ({ kind: 'count', object: { all: true, ...(shape ? { shape } : {}) } });

describe('the premises named as people name them is the whole room', () => {
  it.each<Case>([
    ['how many balls are there in the whole clinic?', [whole('ball')]],
    ['um, could you count the cubes in the clinic for me please', [whole('cube')]],
    ['how many cylinders are in the dental clinic', [whole('cylinder')]],
    ['how many cubes are there in the entire factory', [whole('cube')]],
    ['how many balls are in our bakery', [whole('ball')]],
  ])('"%s"', (text, goals) => inClinic(text, goals));

  it('reads premises in WordNet, and parts of a room as no premises', () => {
    for (const w of ['clinic', 'garage', 'workshop', 'classroom', 'factory', 'barn']) expect(premisesMeaning(w), w).toBe(true);
    for (const w of ['shelf', 'table', 'bin', 'tray', 'mat', 'sink', 'bench', 'corridor']) expect(premisesMeaning(w), w).toBe(false);
  });

  it('a zone of that name on the map is that zone', () => {
    expect(groundedGoals('how many balls are in surgery 2', CLINIC)).toMatchObject([{ kind: 'count', object: { shape: 'ball', inZone: 'surgery_2' } }]);
    expect(groundedGoals('how many cubes are in the garage', ['garage', 'driveway'])).toMatchObject([{ kind: 'count', object: { shape: 'cube', inZone: 'garage' } }]);
  });
});
