import { describe, expect, it } from 'vitest';
import { expectGrounding, ground, type WordingCase } from './planner-map.js';

/**
 * A development list of everyday phrasings people say to a robot, written for the language layer
 * (not taken from the agent suite): each is read and grounded on a map as the planner does, and
 * the goals it yields are checked. Forms: counting, describing, relations, quantities, idioms,
 * fillers, clipped commands, numbers written as words, typos and words the planner does not list.
 */
const WAREHOUSE = ['home', 'shelf', 'bin_a', 'bin_b', 'charging_dock'];
const OFFICE = ['lobby', 'storage_room', 'workbench', 'outbox', 'room_2', 'charging_dock'];

const red = { color: 'red' };
const cube = { shape: 'cube' };
const ball = { shape: 'ball' };
const cylinder = { shape: 'cylinder' };

describe('counting', () => {
  it.each<WordingCase>([
    ['how many balls do you see', [{ kind: 'count', object: { ...ball, all: true } }]],
    ['count the cubes on the shelf', [{ kind: 'count', object: { ...cube, inZone: 'shelf' } }]],
    ['how many red things are there', [{ kind: 'count', object: { ...red, all: true } }]],
    ['can you tell me how many cylinders are in bin a', [{ kind: 'count', object: { ...cylinder, inZone: 'bin_a' } }]],
    ['number of yellow balls?', [{ kind: 'count', object: { color: 'yellow', ...ball } }]],
  ])('%s', (text, goals, readings) => expectGrounding(WAREHOUSE)(text, goals, readings));
});

describe('describing and asking', () => {
  it.each<WordingCase>([
    ['what do you see', [{ kind: 'scan' }]],
    ['tell me what you can see', [{ kind: 'scan' }]],
    ["what's on the shelf?", [{ kind: 'find', object: { all: true, inZone: 'shelf' } }]],
    ["where's the green ball", [{ kind: 'find', object: { color: 'green', ...ball } }]],
    ['where are you', [{ kind: 'status', topic: 'pose' }]],
    ["how's your battery doing", [{ kind: 'status', topic: 'battery' }]],
    ['what are you holding?', [{ kind: 'status', topic: 'holding' }]],
    ['is there a blue cube', [{ kind: 'find', object: { color: 'blue', ...cube } }]],
    ['whats in bin b', [{ kind: 'find', object: { all: true, inZone: 'bin_b' } }]],
  ])('%s', (text, goals, readings) => expectGrounding(WAREHOUSE)(text, goals, readings));
});

describe('relations', () => {
  it.each<WordingCase>([
    ['put the red cube next to the blue ball', [{ kind: 'place', object: { ...red, ...cube }, target: { near: { color: 'blue', ...ball } } }]],
    ['put the yellow cylinder beside the green cube', [{ kind: 'place', target: { near: { color: 'green', ...cube } } }]],
    ['pick up the cube closest to you', [{ kind: 'pick', object: { ...cube, rank: 'nearest' } }]],
    ['grab the farthest ball', [{ kind: 'pick', object: { ...ball, rank: 'farthest' } }]],
    ['take the ball in bin a to the shelf', [{ kind: 'place', object: { ...ball, inZone: 'bin_a' }, target: { zone: 'shelf' } }]],
  ])('%s', (text, goals, readings) => expectGrounding(WAREHOUSE)(text, goals, readings));
});

describe('quantities', () => {
  it.each<WordingCase>([
    ['put all the cubes on the shelf', [{ kind: 'place', object: { ...cube, all: true }, target: { zone: 'shelf' } }]],
    ['move both blue balls to bin b', [{ kind: 'place', object: { color: 'blue', ...ball, count: 2 }, target: { zone: 'bin_b' } }]],
    ['bring two cylinders to bin a', [{ kind: 'place', object: { ...cylinder, count: 2 }, target: { zone: 'bin_a' } }]],
    ['put every ball except the red one in bin b', [{ kind: 'place', object: { ...ball, all: true, except: red }, target: { zone: 'bin_b' } }]],
    ['take three cubes to the shelf', [{ kind: 'place', object: { ...cube, count: 3 }, target: { zone: 'shelf' } }]],
    ['pick up one of the red cubes', [{ kind: 'pick', object: { ...red, ...cube, count: 1 } }]],
  ])('%s', (text, goals, readings) => expectGrounding(WAREHOUSE)(text, goals, readings));
});

describe('idioms', () => {
  it.each<WordingCase>([
    ['bring me the red ball', [{ kind: 'place', object: { ...red, ...ball }, target: { zone: 'home' } }]],
    ['bring the blue cube back', [{ kind: 'place', object: { color: 'blue', ...cube }, target: { zone: 'home' } }]],
    ['go back to where you started', [{ kind: 'goto' }]],
    ['head home', [{ kind: 'goto' }]],
    ['go charge yourself', [{ kind: 'charge' }]],
    ['take a picture', [{ kind: 'capture' }]],
    ['turn around', [{ kind: 'rotate', degrees: 180 }]],
    ['pick up the red cube and drop it off at bin a', [{ kind: 'pick' }, { kind: 'place', object: { pronoun: true }, target: { zone: 'bin_a' } }]],
    ['hang on', [{ kind: 'stay' }]],
  ])('%s', (text, goals, readings) => expectGrounding(WAREHOUSE)(text, goals, readings));
});

describe('fillers and courtesy', () => {
  it.each<WordingCase>([
    ['um, could you go to the shelf please', [{ kind: 'goto', target: { zone: 'shelf' } }]],
    ['ok so uh grab the yellow ball', [{ kind: 'pick', object: { color: 'yellow', ...ball } }]],
    ['hey robot, can you put the green cube in bin a, thanks', [{ kind: 'place', object: { color: 'green', ...cube }, target: { zone: 'bin_a' } }]],
    ['just go to bin b real quick', [{ kind: 'goto', target: { zone: 'bin_b' } }]],
    ['alright, pick up the blue cylinder', [{ kind: 'pick', object: { color: 'blue', ...cylinder } }]],
    ['would you mind putting the red ball on the shelf', [{ kind: 'place', object: { ...red, ...ball }, target: { zone: 'shelf' } }]],
  ])('%s', (text, goals, readings) => expectGrounding(WAREHOUSE)(text, goals, readings));
});

describe('clipped commands', () => {
  it.each<WordingCase>([
    ['red cube to bin a', [{ kind: 'place', object: { ...red, ...cube }, target: { zone: 'bin_a' } }]],
    ['shelf. now.', [{ kind: 'goto', target: { zone: 'shelf' } }]],
    ['all cubes -> shelf', [{ kind: 'place', object: { ...cube, all: true }, target: { zone: 'shelf' } }]],
    ['yellow ball in bin b pls', [{ kind: 'place', object: { color: 'yellow', ...ball }, target: { zone: 'bin_b' } }]],
    ['move the cube thats red to bin a', [{ kind: 'place', object: { ...red, ...cube }, target: { zone: 'bin_a' } }]],
  ])('%s', (text, goals, readings) => expectGrounding(WAREHOUSE)(text, goals, readings));
});

describe('numbers written as words', () => {
  it.each<WordingCase>([
    ['turn ninety degrees left', [{ kind: 'rotate', degrees: 90 }]],
    ['rotate forty five degrees to the right', [{ kind: 'rotate', degrees: -45 }]],
    ['set the speed to zero point five', [{ kind: 'set', name: 'max_linear_speed', value: 0.5 }]],
    ['take two balls to bin a', [{ kind: 'place', object: { ...ball, count: 2 } }]],
  ])('%s', (text, goals, readings) => expectGrounding(WAREHOUSE)(text, goals, readings));

  it('go to room two', () => expectGrounding(OFFICE)('go to room two', [{ kind: 'goto', target: { zone: 'room_2' } }]));
  it('put the red cube in the second room', () =>
    expectGrounding(['lobby', 'room_1', 'room_2', 'room_3'])('put the red cube in the second room', [{ kind: 'place', target: { zone: 'room_2' } }]));

  it('take it to cleaning station (a zone word compromise reads as a verb)', () =>
    expectGrounding(['cleaning_station', 'dock'])('pick up the red ball and take it to cleaning station', [{ kind: 'pick' }, { kind: 'place', target: { zone: 'cleaning_station' } }]));
});

describe('typos', () => {
  it.each<WordingCase>([
    ['pick up teh red cube', [{ kind: 'pick', object: { ...red, ...cube } }], ["'teh' as 'the'"]],
    ['go to the shlef', [{ kind: 'goto', target: { zone: 'shelf' } }]],
    ['put the bleu ball in bin a', [{ kind: 'place', object: { color: 'blue', ...ball } }], ["'bleu' as 'blue'"]],
    ['grab the yelow cylinder', [{ kind: 'pick', object: { color: 'yellow', ...cylinder } }]],
    ['take the red cyilnder to bin b', [{ kind: 'place', object: { ...red, ...cylinder }, target: { zone: 'bin_b' } }]],
    ['find the gren cube', [{ kind: 'find', object: { color: 'green', ...cube } }]],
    ['put the red cueb in bin a', [{ kind: 'place', object: { ...red, ...cube } }]],
    ['count the cubs on the shelf', [{ kind: 'count', object: { ...cube, all: true, inZone: 'shelf' } }], ["'cubs' as 'cubes'"]],
    ['can u get the red ball', [{ kind: 'pick', object: { ...red, ...ball } }]],
    ['how many cubes r in bin a', [{ kind: 'count', object: { ...cube, inZone: 'bin_a' } }]],
  ])('%s', (text, goals, readings) => expectGrounding(WAREHOUSE)(text, goals, readings));

  it('go to the storag room', () => expectGrounding(OFFICE)('go to the storag room', [{ kind: 'goto', target: { zone: 'storage_room' } }]));
});

describe('words the planner does not list, read through WordNet', () => {
  it.each<WordingCase>([
    ['haul the red cube to bin a', [{ kind: 'place', object: { ...red, ...cube }, target: { zone: 'bin_a' } }], ["'haul' as 'move'"]],
    ['lug the blue ball over to the shelf', [{ kind: 'place', object: { color: 'blue', ...ball }, target: { zone: 'shelf' } }], ["'lug' as 'carry'"]],
    ['snatch the crimson orb', [{ kind: 'pick', object: { ...red, ...ball } }], ["'crimson' as 'red'", "'orb' as 'ball'"]],
    ['shove the emerald block into bin b', [{ kind: 'place', object: { color: 'green', ...cube }, target: { zone: 'bin_b' } }]],
    ['relocate the navy tube to the shelf', [{ kind: 'place', object: { color: 'blue', ...cylinder }, target: { zone: 'shelf' } }], ["'navy' as 'blue'"]],
    ['hurry over to bin a', [{ kind: 'goto', target: { zone: 'bin_a' } }], ["'hurry' as 'go'"]],
    ['scoot over to the shelf', [{ kind: 'goto', target: { zone: 'shelf' } }], ["'scoot' as 'go'"]],
    ['seek the gold cylinder', [{ kind: 'find', object: { color: 'yellow', ...cylinder } }]],
    ['tally the orbs', [{ kind: 'count', object: { ...ball, all: true } }]],
    ['retrieve the scarlet sphere', [{ kind: 'pick', object: { ...red, ...ball } }]],
    ['dump the amber ball in bin b', [{ kind: 'place', object: { color: 'yellow', ...ball }, target: { zone: 'bin_b' } }]],
    ['fetch the blue marble', [{ kind: 'pick', object: { color: 'blue', ...ball } }], ["'marble' as 'ball'"]],
    ['put the green cube next to the orb', [{ kind: 'place', target: { near: ball } }]],
    ['put the stuff on the shelf', [{ kind: 'place', object: { all: true }, target: { zone: 'shelf' } }]],
  ])('%s', (text, goals, readings) => expectGrounding(WAREHOUSE)(text, goals, readings));

  it.each<WordingCase>([
    ['go to the storeroom', [{ kind: 'goto', target: { zone: 'storage_room' } }], ['storage_room']],
    ['deposit the pipe in the outbox', [{ kind: 'place', object: cylinder, target: { zone: 'outbox' } }], ["'deposit' as 'put'", "'pipe' as 'cylinder'"]],
  ])('%s', (text, goals, readings) => expectGrounding(OFFICE)(text, goals, readings));
});

describe('honest refusals', () => {
  it('"park at the charger" is never read as putting down what the robot holds ("park" is a kind of putting in WordNet)', () => {
    const g = ground('park at the charger', WAREHOUSE);
    if ('goals' in g) expect(g.goals.map((goal) => goal.kind)).not.toContain('place');
  });

  it.each([
    ['pick up the purple ball', /purple/],
    ['take the white cylinder to bin a', /white/],
    ['grab the teal cube', /teal/],
    ['grab the crate', /crate/],
    ['eat the red cube', /eat the red cube/],
    ['go to the kitchen', /kitchen/],
    // WordNet links these to moving or going only through a minor sense, or with nowhere said to go: refused, quoted as said.
    ['wash the red ball in bin a', /wash the red ball/],
    ['lock the shelf', /lock the shelf/],
    ['follow me', /follow me/],
    ['haul the teal ball to bin a', /teal ball/],
    // "tall" is one slip from "ball", but it describes the object, it does not name it.
    ['put all the cubes in bin a but not the tall one', /tall/],
  ])('%s', (text, reason) => {
    const g = ground(text, WAREHOUSE);
    expect(g).toHaveProperty('refusal');
    expect((g as { refusal: string }).refusal).toMatch(reason);
  });
});
