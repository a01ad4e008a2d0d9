import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/sim/scenario.js';
import { commandFromSeed, WAREHOUSE_ZONES } from '../helpers/command-grammar.js';
import { meantReading, meantText as meant } from '../helpers/meant-reading.js';

/**
 * Commands built from a grammar of how people ask a robot for things (test/helpers/command-grammar.ts),
 * each read by the planner and held to what the grammar says it means: the same goals, objects,
 * places and constraints. A command dropped, merged or read as something else is a misreading
 * that a mission could carry out and call done.
 */

/** The built-in map and the first rooms of the agent suite (the rooms added later, with held-out instructions only, are not used). */
const MAPS = ['warehouse', ...['colour-bays', 'dark-storeroom', 'far-dock', 'lab-wing', 'loading-hall', 'office-corridor'].map((room) => `bench/agent-suite/scenarios/${room}.json`)].map(
  (scenario) => loadScenario(scenario).zones.map((z) => z.name),
);
let zones = WAREHOUSE_ZONES;

const read = (said: string) => meantReading(said, zones);

describe('commands built from a grammar of everyday requests are read as the grammar means them', () => {
  it('reads 600 of them on the warehouse as meant', () => {
    zones = WAREHOUSE_ZONES;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { said, goals } = commandFromSeed(seed);
        expect(read(said), said).toBe(meant(goals));
      }),
      { numRuns: 600, seed: 15 },
    );
  }, 120_000);

  it('reads 600 of them on maps with other zone names as meant', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...MAPS), (seed, map) => {
        zones = map;
        const { said, goals } = commandFromSeed(seed, map);
        expect(read(said), `${said} (zones: ${map.join(', ')})`).toBe(meant(goals));
      }),
      { numRuns: 600, seed: 15 },
    );
  }, 120_000);

  it('covers every form of the grammar, questions and constraints included', () => {
    const kinds = new Set(Array.from({ length: 600 }, (_, i) => commandFromSeed(i).goals.map((g) => g.kind).join('+')));
    for (const k of ['pick', 'place', 'goto', 'find', 'count', 'charge', 'goto+keep', 'pick+place', 'place+place']) expect(kinds, k).toContain(k);
  });

  it('reads the misreadings it found as meant', () => {
    zones = WAREHOUSE_ZONES;
    // Each of these had been read otherwise: an object dropped, or refused.
    expect(read('put the blue ball and a ball in bin b')).toBe(meant([{ kind: 'place', object: { color: 'blue', shape: 'ball', definite: true }, target: { zone: 'bin_b' } }, { kind: 'place', object: { shape: 'ball' }, target: { zone: 'bin_b' } }]));
    expect(read('take the red ball back home')).toBe(meant([{ kind: 'place', object: { color: 'red', shape: 'ball', definite: true }, target: { home: true } }]));
    expect(read('put all the balls but not the green one on the shelf')).toBe(meant([{ kind: 'place', object: { shape: 'ball', all: true, except: { color: 'green' } }, target: { zone: 'shelf' } }]));
    expect(read('can you see a red ball anywhere?')).toBe(meant([{ kind: 'find', object: { color: 'red', shape: 'ball' }, whether: true }]));
    expect(read('grab the cube beside the green ball')).toBe(meant([{ kind: 'pick', object: { shape: 'cube', definite: true, near: { color: 'green', shape: 'ball' } } }]));
    expect(read('move to (4.5, 4)')).toBe(meant([{ kind: 'goto', target: { point: { x: 4.5, y: 4 } } }]));
    expect(read('slow down to 0.3')).toBe(meant([{ kind: 'set', name: 'max_linear_speed', value: 0.3 }]));
    expect(read('set the max speed to half a metre per second')).toBe(meant([{ kind: 'set', name: 'max_linear_speed', value: 0.5 }]));
    expect(read("what's your charge")).toBe(meant([{ kind: 'status', topic: 'battery' }]));
    expect(read('head home without cahrging')).toBe(meant([{ kind: 'goto', target: { home: true } }, { kind: 'keep', rule: 'no_charge' }]));
    expect(read('go to bin a, but avoid the cahrging dock')).toBe(meant([{ kind: 'goto', target: { zone: 'bin_a' } }, { kind: 'keep', rule: 'avoid', zone: 'charging_dock' }]));
    expect(read('first of all, go to the shelf, then go home')).toBe(meant([{ kind: 'goto', target: { zone: 'shelf' } }, { kind: 'goto', target: { home: true } }]));
    expect(read('I need you to first of all, go home, then go to bin a')).toBe(meant([{ kind: 'goto', target: { home: true } }, { kind: 'goto', target: { zone: 'bin_a' } }]));
    expect(read('last but not least, go home')).toBe(meant([{ kind: 'goto', target: { home: true } }]));
    expect(read('all in all, go to bin a')).toBe(meant([{ kind: 'goto', target: { zone: 'bin_a' } }]));
    expect(read('grab hold of the red cube')).toBe(meant([{ kind: 'pick', object: { color: 'red', shape: 'cube', definite: true } }]));
    expect(read('put the red cube in bin a and the blue one in bin b')).toBe(
      meant([{ kind: 'place', object: { color: 'red', shape: 'cube', definite: true }, target: { zone: 'bin_a' } }, { kind: 'place', object: { color: 'blue', shape: 'cube', definite: true }, target: { zone: 'bin_b' } }]),
    );
    expect(read('yellow ball, bin_a')).toBe(meant([{ kind: 'place', object: { color: 'yellow', shape: 'ball' }, target: { zone: 'bin_a' } }]));
    expect(read('grab the red cube in bin a')).toBe(meant([{ kind: 'pick', object: { color: 'red', shape: 'cube', definite: true, inZone: 'bin_a' } }]));
    zones = MAPS.find((map) => map.includes('room_2'))!;
    expect(read('move to Room 2')).toBe(meant([{ kind: 'goto', target: { zone: 'room_2' } }]));
    expect(read('move to room 2 the red cube')).toBe(meant([{ kind: 'place', object: { color: 'red', shape: 'cube', definite: true }, target: { zone: 'room_2' } }]));
    zones = MAPS.find((map) => map.includes('drop_off'))!;
    expect(read('take the yellow cylinder from the drop off to the cage')).toBe(meant([{ kind: 'place', object: { color: 'yellow', shape: 'cylinder', definite: true, inZone: 'drop_off' }, target: { zone: 'cage' } }]));
  });
});
