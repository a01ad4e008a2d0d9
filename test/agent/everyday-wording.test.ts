import { describe, expect, it } from 'vitest';
import { fromWhereItStands } from '../../src/agent/planner/from-where-it-stands.js';
import { readDistance } from '../../src/agent/planner/frames/relative-motion.js';
import type { GroundedGoal } from '../../src/agent/planner/grounding.js';
import { resolveZone } from '../../src/agent/planner/place-words.js';
import { expectGrounding, grounded, mapWithZones, refusalOf, WAREHOUSE_ZONES, type WordingCase as Case } from './planner-map.js';

/**
 * Everyday wording of robotics users and of people in a room with the robot: a drive by a
 * distance in the robot's own frame ("move forward 1.5 m", "back up half a metre"), a turn by an
 * angle said either way round, facing a place or a compass direction, coordinates with their axes
 * labelled, a speed said with a drive; the map's own zone names with "point" or a short typo; a
 * place said before its object or with "with"; two verbless deliveries joined by "and"; and
 * questions asked as people ask them ("which bay is X in", "what's closest to you", "tell me where
 * you put it", "don't touch anything, just tell me …"). What stays vague is refused, quoting it.
 */
const check = expectGrounding(WAREHOUSE_ZONES);
const DEPOT = ['staging_area', 'qa_station', 'cold_room', 'dock_2', 'returns', 'charging_dock'];
const onDepot = expectGrounding(DEPOT);
const WORKSHOP = ['bench_a', 'bench_b', 'aisle_3', 'drop_off', 'pick_up', 'charging_dock'];
const inWorkshop = expectGrounding(WORKSHOP);

const red = { color: 'red' };
const blue = { color: 'blue' };
const yellow = { color: 'yellow' };
const cube = { shape: 'cube' };
const ball = { shape: 'ball' };
const place = (object: object, zone: string) => ({ kind: 'place', object, target: { zone } });
const drive = (metres: number, angle: number) => ({ kind: 'drive', metres, angle });

describe('driving by a distance in the robot\'s own frame', () => {
  it.each<Case>([
    ['move forward 1.5 m', [drive(1.5, 0)]],
    ['move 2 metres forward', [drive(2, 0)]],
    ['forward 1 metre please', [drive(1, 0)]],
    ['drive 30 cm ahead', [drive(0.3, 0)]],
    ['back up half a metre', [drive(0.5, 180)]],
    ['reverse 1 m', [drive(1, 180)]],
    ['go 3 feet backwards', [drive(0.914, 180)]],
    ['go 1 m to the left', [drive(1, 90)]],
    ['move right 2 m', [drive(2, -90)]],
    ['go forward 2m then turn right', [drive(2, 0), { kind: 'rotate', degrees: -90 }]],
    ['go to bin a, then back up 1 m', [{ kind: 'goto', target: { zone: 'bin_a' } }, drive(1, 180)]],
  ])('%s', (text, goals) => check(text, goals));

  it('reads distances in metres, centimetres, feet and words', () => {
    expect(readDistance('1.5 m')).toBe(1.5);
    expect(readDistance('half a metre')).toBe(0.5);
    expect(readDistance('a quarter of a meter')).toBe(0.25);
    expect(readDistance('40 cm')).toBe(0.4);
    expect(readDistance('2 ft')).toBe(0.61);
    expect(readDistance('a while')).toBeNull();
  });

  it.each([
    ['move forward', 'how far'],
    ['reverse a bit', 'reverse a bit'],
    ['go 0 m forward', 'no distance'],
  ])('"%s" is refused, quoting what is missing', (text, quoted) => {
    expect(refusalOf(text) ?? 'not refused').toContain(quoted);
  });
});

describe('turning by an angle and facing a place', () => {
  it.each<Case>([
    ['turn left 90 degrees', [{ kind: 'rotate', degrees: 90 }]],
    ['turn right 45 deg', [{ kind: 'rotate', degrees: -45 }]],
    ['rotate 30° clockwise', [{ kind: 'rotate', degrees: -30 }]],
    ['turn to the left by 45 degrees', [{ kind: 'rotate', degrees: 45 }]],
    ['spin round', [{ kind: 'rotate', degrees: 180 }]],
    ['rotate to face the shelf', [{ kind: 'face', toward: { zone: 'shelf' } }]],
    ['spin round to face the charging dock', [{ kind: 'face', toward: { zone: 'charging_dock' } }]],
    ['turn towards bin b', [{ kind: 'face', toward: { zone: 'bin_b' } }]],
    // Compass directions are the map's, x east and y north (ROS REP 103).
    ['go to 2.5, 2 and face north', [{ kind: 'goto', target: { point: { x: 2.5, y: 2 } } }, { kind: 'face', toward: { heading: 90 } }]],
    ['face west', [{ kind: 'face', toward: { heading: 180 } }]],
  ])('%s', (text, goals) => check(text, goals));

  it('"face the red cube" is refused: it faces places, not objects', () => {
    expect(refusalOf('face the red cube') ?? 'not refused').toContain('red cube');
  });
});

describe('coordinates and speeds as robotics users type them', () => {
  it.each<Case>([
    ['move to x: 9, y: 3', [{ kind: 'goto', target: { point: { x: 9, y: 3 } } }]],
    ['go to x = 2.5; y = 4', [{ kind: 'goto', target: { point: { x: 2.5, y: 4 } } }]],
    ['drive at 0.3 m/s to the shelf', [{ kind: 'set', name: 'max_linear_speed', value: 0.3 }, { kind: 'goto', target: { zone: 'shelf' } }]],
    ['go to bin b at 0.2 m/s', [{ kind: 'set', name: 'max_linear_speed', value: 0.2 }, { kind: 'goto', target: { zone: 'bin_b' } }]],
  ])('%s', (text, goals) => check(text, goals));
});

/** Where a drive or a facing ends up, from where the robot stands when its turn comes. */
describe('goals in the robot\'s frame become goals of the map from the pose it reports', () => {
  const map = mapWithZones(WAREHOUSE_ZONES);
  const at = (x: number, y: number, heading: number) => ({ robot: { pose: { x, y }, heading, start: { x: 1, y: 1 } }, beliefs: { zone: (n: string) => map.zones.find((z) => z.name === n) } }) as unknown as Parameters<typeof fromWhereItStands>[0];
  const made = (ctx: Parameters<typeof fromWhereItStands>[0], goal: object) => fromWhereItStands(ctx, goal as GroundedGoal);

  it('a drive ahead or back keeps the heading; a side step ends facing its way', () => {
    expect(made(at(1, 1, 0), drive(1.5, 0))).toEqual({ kind: 'goto', target: { point: { x: 2.5, y: 1, heading: 0 } } });
    expect(made(at(1, 1, 90), drive(0.5, 180))).toEqual({ kind: 'goto', target: { point: { x: 1, y: 0.5, heading: 90 } } });
    expect(made(at(2, 2, 0), drive(1, 90))).toEqual({ kind: 'goto', target: { point: { x: 2, y: 3 } } });
  });

  it('facing a zone turns by the angle to its centre, the short way round', () => {
    // bin_b's centre is (4, 1) on this map: from (1, 1) facing 180°, a half turn.
    expect(made(at(1, 1, 180), { kind: 'face', toward: { zone: 'bin_b' } })).toEqual({ kind: 'rotate', degrees: -180 });
    expect(made(at(4, 3, 0), { kind: 'face', toward: { zone: 'bin_b' } })).toEqual({ kind: 'rotate', degrees: -90 });
    expect(made(at(4, 3, 45), { kind: 'face', toward: { heading: 90 } })).toEqual({ kind: 'rotate', degrees: 45 });
  });

  it('other goals pass unchanged', () => {
    const goal = { kind: 'goto', target: { zone: 'shelf' } };
    expect(made(at(1, 1, 0), goal)).toBe(goal);
  });
});

describe("the map's own zone names as people say them", () => {
  it.each<Case>([
    ['bring the blue cylinder to the drop-off point', [place({ color: 'blue', shape: 'cylinder' }, 'drop_off')]],
    ['the red ball to bench a and the yellow cube to bench b', [place({ ...red, ...ball }, 'bench_a'), place({ ...yellow, ...cube }, 'bench_b')]],
  ])('%s', (text, goals) => inWorkshop(text, goals));

  it.each<Case>([
    // A three-letter typo is read only inside a name whose other words were said right.
    ['put the red cube in the cold rom', [place({ ...red, ...cube }, 'cold_room')]],
    ['to the returns with the blue cube', [place({ ...blue, ...cube }, 'returns')]],
    ['to the qa station, the red cube', [place({ ...red, ...cube }, 'qa_station')]],
  ])('%s', (text, goals) => onDepot(text, goals));

  it('a short word alone is no typo of a zone word', () => {
    expect(resolveZone('rom', DEPOT)).toEqual({ none: true });
    expect(resolveZone('dock 3', DEPOT)).toEqual({ none: true });
  });

  it('"go to the bin with the red cube in it" names a bin, and is not read as taking the red cube there', () => {
    const why = refusalOf('go to the bin with the red cube in it');
    expect(why ?? 'not refused').toContain('bin with the red cube in it');
  });

  it('a place before an object is a delivery only when "to" says it is where to: otherwise refused', () => {
    expect(refusalOf('go to bin a, the red cube') ?? 'not refused').toContain('red cube');
    expect(refusalOf('drop-off point: the blue cube', WORKSHOP) ?? 'not refused').toContain('point');
  });

  it('two objects said to be in places are not two deliveries', () => {
    expect(refusalOf('the red ball in bench a and the yellow cube in bench b', WORKSHOP)).not.toBeNull();
  });
});

describe('questions as people ask them', () => {
  it.each<Case>([
    ['which bin is the green ball in?', [{ kind: 'find', object: { color: 'green', shape: 'ball' } }]],
    ["what's closest to you?", [{ kind: 'find', object: { rank: 'nearest' } }]],
    ['what is the farthest one', [{ kind: 'find', object: { rank: 'farthest' } }]],
    ['put the blue cube in bin a and tell me where you put it', [place({ ...blue, ...cube }, 'bin_a'), { kind: 'find', object: { ...blue, ...cube } }]],
  ])('%s', (text, goals) => check(text, goals));

  it('"don\'t touch anything, just tell me where the blue ball is" asks without sparing the ball from the search', () => {
    const g = grounded("don't touch anything, just tell me where the blue ball is");
    expect(g.goals[0]).toMatchObject({ kind: 'find', object: { ...blue, ...ball } });
    expect(g.goals[0]).not.toHaveProperty('object.spare');
    expect(g.goals[1]).toMatchObject({ kind: 'keep', constraint: { rule: 'hands_off' } });
  });

  it('"don\'t touch anything, put the red cube in bin a" still contradicts itself', () => {
    expect(refusalOf("don't touch anything, put the red cube in bin a") ?? 'not refused').toContain('contradicts');
  });
});
