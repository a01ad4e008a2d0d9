import { describe, expect, it } from 'vitest';
import { energyMeaning, mainSenseKindOf } from '../../src/agent/planner/lexicon-meaning.js';
import { resolveZone } from '../../src/agent/planner/place-words.js';
import { expectGrounding, type WordingCase as Case } from './planner-map.js';

/**
 * Questions people put to a robot about itself and about which of two is nearer something:
 * "are you carrying anything at the moment" (when it is asked, not where), "where did you start
 * from", "which bit of the garage are you in", "how much juice have you got left" (a word WordNet
 * reads as energy or current is the battery), "which is nearer to the pit, the blue cube or the
 * green cube" (compared from the pit, not the robot), "are there more than 3 balls" (a count
 * answered yes or no), and "the waiting room" for a zone called waiting_area (a room is a kind of
 * area, in WordNet).
 */
const GARAGE = ['roller_door', 'workbench', 'inspection_pit', 'parts_bin_1', 'charging_dock'];
const inGarage = expectGrounding(GARAGE);
const status = (topic: string) => ({ kind: 'status', topic });

describe('questions about the robot itself', () => {
  it.each<Case>([
    ['are you carrying anything at the moment?', [status('holding')]],
    ['where are you at present', [status('pose')]],
    ['where did you start from?', [status('start')]],
    ['where were you when we started', [status('start')]],
    ['what was your starting point', [status('start')]],
    ['which bit of the garage are you in?', [status('pose')]],
    ['what part of the workshop are you in', [status('pose')]],
    ['how much juice have you got left?', [status('battery')]],
    ['how much juice is left', [status('battery')]],
    ['how much energy do you have', [status('battery')]],
  ])('"%s"', (text, goals) => inGarage(text, goals));

  it('energy is read in WordNet, and other amounts are not the battery', () => {
    for (const w of ['juice', 'energy', 'electricity']) expect(energyMeaning(w), w).toBe(true);
    for (const w of ['water', 'time', 'space', 'room', 'money', 'battery']) expect(energyMeaning(w), w).toBe(false);
  });
});

describe('which of two is nearer a place, and counts against a number', () => {
  const cube = (color: string) => ({ object: { color, shape: 'cube', all: false, definite: true, text: `${color} cube` } });
  it.each<Case>([
    ['which is nearer to the pit, the blue cube or the green cube?', [{ kind: 'measure', items: [cube('blue'), cube('green')], from: { zone: 'inspection_pit' }, compare: 'nearer' }]],
    ['which of the blue cube and the green cube is further from the workbench', [{ kind: 'measure', items: [cube('blue'), cube('green')], from: { zone: 'workbench' }, compare: 'farther' }]],
    ['which is closer to the workbench, the pit or the charger?', [{ kind: 'measure', items: [{ zone: 'inspection_pit' }, { zone: 'charging_dock' }], from: { zone: 'workbench' }, compare: 'nearer' }]],
    // From the robot, as before.
    ['which is nearer to you, the blue cube or the green cube?', [{ kind: 'measure', items: [cube('blue'), cube('green')], compare: 'nearer' }]],
    ['are there more than three balls in here?', [{ kind: 'count', object: { shape: 'ball', all: true, text: 'balls', definite: false }, than: { more: true, n: 3 } }]],
    ['are there fewer than 2 cubes on the workbench', [{ kind: 'count', object: { shape: 'cube', all: true, inZone: 'workbench', text: 'cubes', definite: false }, than: { more: false, n: 2 } }]],
  ])('"%s"', (text, goals) => inGarage(text, goals));
});

describe('a kind of the generic word of a zone name stands for it', () => {
  const CLINIC = ['reception_desk', 'waiting_area', 'x_ray_room', 'sterilisation_area', 'charging_dock'];
  it('"the waiting room" is waiting_area, "the sterilisation room" sterilisation_area', () => {
    expect(resolveZone('waiting room', CLINIC)).toEqual({ zone: 'waiting_area' });
    expect(resolveZone('sterilisation room', CLINIC)).toEqual({ zone: 'sterilisation_area' });
    expect(resolveZone('x-ray room', CLINIC)).toEqual({ zone: 'x_ray_room' });
  });
  it('but not a word that names something else ("reception room" has no reception area)', () => {
    expect(resolveZone('reception room', CLINIC)).toEqual({ none: true });
    expect(mainSenseKindOf('room', 'area')).toBe(true);
    expect(mainSenseKindOf('desk', 'area')).toBe(false);
  });
});
