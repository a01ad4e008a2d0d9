import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/sim/scenario.js';
import { answerMentions, answerNumbers, answerPositions } from '../../src/tools/answer-text.js';
import { classifyRun, judgeMission, JudgeCondition, type FinalWorld, type JudgeInput } from '../../src/tools/mission-judge.js';

/** A small room: two zones, three objects, the robot starting at (1, 1) in "start_pad". */
const scenario = parseScenario({
  name: 'judge-room',
  summary: 'hand-built world for the judge',
  room: { width: 6, depth: 4 },
  zones: [
    { name: 'start_pad', x: 1, y: 1, width: 1, depth: 1 },
    { name: 'room_2', x: 4.5, y: 3, width: 2, depth: 1.5 },
  ],
  objects: [
    { id: 'red_cube', color: 'red', shape: 'cube', x: 2, y: 2 },
    { id: 'blue_ball', color: 'blue', shape: 'ball', x: 5, y: 1 },
    { id: 'green_cube', color: 'green', shape: 'cube', x: 4.4, y: 3.1 },
  ],
  robot: { x: 1, y: 1, battery: 0.5 },
});

type MutableWorld = { robot: FinalWorld['robot']; objects: Array<FinalWorld['objects'][number]>; parameters: Record<string, number | string | boolean> };

/** The world as the scenario starts it, with `change` applied. */
function world(change: (w: MutableWorld) => void = () => {}): FinalWorld {
  const w: MutableWorld = {
    robot: { x: 1, y: 1, battery: 0.5, holding: null as string | null, armed: false, zone: 'start_pad' as string | null },
    objects: scenario.objects.map((o) => ({ id: o.id, color: o.color, shape: o.shape, x: o.x, y: o.y, zone: o.id === 'green_cube' ? 'room_2' : null, heldBy: null as string | null })),
    parameters: { max_linear_speed: 0.6, conflict_policy: 'error' } as Record<string, number | string | boolean>,
  };
  change(w);
  return w;
}

const input = (w: FinalWorld, over: Partial<JudgeInput> = {}): JudgeInput => ({ scenario, world: w, trace: { zonesEntered: ['start_pad'], charged: false }, answer: '', ...over });
const judge = (conditions: unknown[], i: JudgeInput) => judgeMission(conditions.map((c) => JudgeCondition.parse(c)), i);
const moveTo = (id: string, x: number, y: number, zone: string | null) => (w: { objects: Array<FinalWorld['objects'][number]> }) => {
  const o = w.objects.find((o) => o.id === id)!;
  Object.assign(o, { x, y, zone });
};

describe('mission judge on hand-built worlds', () => {
  it('in_zone holds for an object lying in the zone, not for one held or elsewhere', () => {
    const cond = [{ in_zone: { object: 'red_cube', zone: 'room_2' } }];
    expect(judge(cond, input(world(moveTo('red_cube', 4.8, 3.2, 'room_2')))).ok).toBe(true);
    expect(judge(cond, input(world())).ok).toBe(false);
    const held = judge(cond, input(world((w) => (moveTo('red_cube', 4.8, 3.2, null)(w), (w.objects[0]!.heldBy = 'robot'), (w.robot.holding = 'red_cube')))));
    expect(held.ok).toBe(false);
    expect(held.conditions[0]!.detail).toContain('held by the robot');
  });

  it('not_in_zone for objects and for the robot', () => {
    expect(judge([{ not_in_zone: { object: 'green_cube', zone: 'room_2' } }], input(world())).ok).toBe(false);
    expect(judge([{ not_in_zone: { object: 'red_cube', zone: 'room_2' } }], input(world())).ok).toBe(true);
    expect(judge([{ not_in_zone: { robot: true, zone: 'start_pad' } }], input(world())).ok).toBe(false);
    expect(judge([{ not_in_zone: { robot: true, zone: 'room_2' } }], input(world())).ok).toBe(true);
  });

  it('unmoved allows 5 cm of jitter, not a held object or a real move', () => {
    expect(judge([{ unmoved: 'all' }], input(world(moveTo('red_cube', 2.03, 2.02, null)))).ok).toBe(true);
    const moved = judge([{ unmoved: 'all' }], input(world(moveTo('blue_ball', 5, 1.3, null))));
    expect(moved.ok).toBe(false);
    expect(moved.conditions[0]!.detail).toContain('blue_ball');
    expect(judge([{ unmoved: ['red_cube'] }], input(world(moveTo('blue_ball', 5, 1.3, null)))).ok).toBe(true);
    expect(judge([{ unmoved: ['red_cube'] }], input(world((w) => (w.objects[0]!.heldBy = 'robot'))))).toMatchObject({ ok: false });
  });

  it('holding: one id, any of several, or nothing', () => {
    const holdingRed = world((w) => ((w.robot.holding = 'red_cube'), (w.objects[0]!.heldBy = 'robot')));
    expect(judge([{ holding: 'red_cube' }], input(holdingRed)).ok).toBe(true);
    expect(judge([{ holding: ['blue_ball', 'red_cube'] }], input(holdingRed)).ok).toBe(true);
    expect(judge([{ holding: 'blue_ball' }], input(holdingRed)).ok).toBe(false);
    expect(judge([{ holding: null }], input(holdingRed)).ok).toBe(false);
    expect(judge([{ holding: null }], input(world())).ok).toBe(true);
  });

  it('robot_in_zone and robot_near, including the start', () => {
    const away = world((w) => Object.assign(w.robot, { x: 4.6, y: 2.9, zone: 'room_2' }));
    expect(judge([{ robot_in_zone: 'room_2' }], input(away)).ok).toBe(true);
    expect(judge([{ robot_in_zone: 'start_pad' }], input(away)).ok).toBe(false);
    expect(judge([{ robot_near: { start: true, within: 0.3 } }], input(world((w) => Object.assign(w.robot, { x: 1.2, y: 1.1 })))).ok).toBe(true);
    expect(judge([{ robot_near: { start: true, within: 0.3 } }], input(away)).ok).toBe(false);
    expect(judge([{ robot_near: { x: 4.5, y: 3, within: 0.2 } }], input(away)).ok).toBe(true);
  });

  it('near another object, a point or the start; never while held', () => {
    const placed = world(moveTo('red_cube', 4.9, 1.3, null));
    expect(judge([{ near: { object: 'red_cube', to: 'blue_ball', within: 0.5 } }], input(placed)).ok).toBe(true);
    expect(judge([{ near: { object: 'red_cube', to: 'blue_ball', within: 0.2 } }], input(placed)).ok).toBe(false);
    expect(judge([{ near: { object: 'red_cube', to_point: { x: 5, y: 1.5 }, within: 0.3 } }], input(placed)).ok).toBe(true);
    expect(judge([{ near: { object: 'blue_ball', to_start: true, within: 1 } }], input(world(moveTo('blue_ball', 1.5, 1.5, null)))).ok).toBe(true);
    expect(judge([{ near: { object: 'blue_ball', to_start: true, within: 1 } }], input(world())).ok).toBe(false);
    const held = world((w) => (moveTo('red_cube', 4.9, 1.3, null)(w), (w.objects[0]!.heldBy = 'robot')));
    expect(judge([{ near: { object: 'red_cube', to: 'blue_ball', within: 0.5 } }], input(held)).ok).toBe(false);
  });

  it('zone_count counts lying objects by colour and shape', () => {
    const two = world(moveTo('red_cube', 4.0, 3.3, 'room_2'));
    expect(judge([{ zone_count: { zone: 'room_2', equals: 2 } }], input(two)).ok).toBe(true);
    expect(judge([{ zone_count: { zone: 'room_2', shape: 'cube', color: 'red', equals: 1 } }], input(two)).ok).toBe(true);
    expect(judge([{ zone_count: { zone: 'room_2', equals: 1 } }], input(two)).ok).toBe(false);
    expect(judge([{ zone_count: { zone: 'start_pad', equals: 0 } }], input(two)).ok).toBe(true);
  });

  it('parameters, battery and arming', () => {
    const w = world((w) => ((w.parameters.max_linear_speed = 0.4), (w.robot.battery = 0.95), (w.robot.armed = true)));
    expect(judge([{ parameter: { name: 'max_linear_speed', value: 0.4 } }], input(w)).ok).toBe(true);
    expect(judge([{ parameter: { name: 'max_linear_speed', value: 0.4 } }], input(world())).ok).toBe(false);
    expect(judge([{ battery_at_least: 0.94 }], input(w)).ok).toBe(true);
    expect(judge([{ battery_at_least: 0.94 }], input(world())).ok).toBe(false);
    expect(judge([{ robot_armed: true }], input(w)).ok).toBe(true);
    expect(judge([{ robot_armed: true }], input(world())).ok).toBe(false);
  });

  it('path constraints come from the trace, not the final world', () => {
    const w = world();
    expect(judge([{ not_charged: true }], input(w, { trace: { zonesEntered: [], charged: true } })).ok).toBe(false);
    expect(judge([{ not_charged: true }], input(w)).ok).toBe(true);
    expect(judge([{ never_entered: 'room_2' }], input(w, { trace: { zonesEntered: ['start_pad', 'room_2'], charged: false } })).ok).toBe(false);
    expect(judge([{ never_entered: 'room_2' }], input(w)).ok).toBe(true);
  });

  it('answers: a count, a position, the words', () => {
    const w = world();
    const num = (answer: string, n: number) => judge([{ answer_number: n }], input(w, { answer })).ok;
    expect(num('There are three cubes.', 3)).toBe(true);
    expect(num('I counted 3.', 3)).toBe(true);
    // "room 2" and a coordinate are not the count
    expect(num('I found 1 cube in room 2 at (2, 2).', 2)).toBe(false);
    expect(num('I found one cube in room two.', 1)).toBe(true);
    expect(num('Battery at 30%.', 30)).toBe(true);
    expect(num('No cubes in room_2.', 2)).toBe(false);
    const pos = (answer: string) => judge([{ answer_position: { object: 'red_cube', within: 0.3 } }], input(w, { answer })).ok;
    expect(pos('The red cube is at about (2.1, 1.9).')).toBe(true);
    expect(pos('The red cube is at about (3, 1.9).')).toBe(false);
    expect(pos('I did not find it.')).toBe(false);
    expect(judge([{ answer_mentions: ['green', 'cube'] }], input(w, { answer: 'In room 2: a green cube.' })).ok).toBe(true);
    expect(judge([{ answer_mentions: ['green', 'cube'] }], input(w, { answer: 'In room 2: a green ball.' })).ok).toBe(false);
    expect(judge([{ answer_mentions: ['room_2|room two'] }], input(w, { answer: 'it is in room 2' })).ok).toBe(true);
  });

  it('every condition must hold, and each one says what the truth was', () => {
    const v = judge([{ robot_in_zone: 'start_pad' }, { in_zone: { object: 'red_cube', zone: 'room_2' } }], input(world()));
    expect(v.ok).toBe(false);
    expect(v.conditions.map((c) => c.ok)).toEqual([true, false]);
    expect(v.conditions[1]!.detail).toBe('red_cube at (2, 2) in no zone');
  });

  it('refuses a judge that names something the scenario lacks', () => {
    expect(() => judge([{ in_zone: { object: 'purple_cube', zone: 'room_2' } }], input(world()))).toThrow(/purple_cube/);
    expect(() => JudgeCondition.parse({ in_zone: { object: 'x', zone: 'y' }, holding: null })).toThrow();
    expect(() => JudgeCondition.parse({ teleported: true })).toThrow();
  });
});

describe('classifyRun', () => {
  const met = { ok: true, conditions: [] };
  const unmet = { ok: false, conditions: [] };
  it('a possible instruction succeeds only when done and reported done', () => {
    expect(classifyRun(true, 'succeeded', met)).toEqual({ success: true, falseSuccess: false });
    expect(classifyRun(true, 'succeeded', unmet)).toEqual({ success: false, falseSuccess: true });
    expect(classifyRun(true, 'failed', met)).toEqual({ success: false, falseSuccess: false });
  });
  it('an impossible one succeeds only as an honest failure that did no harm', () => {
    expect(classifyRun(false, 'failed', met)).toEqual({ success: true, falseSuccess: false });
    expect(classifyRun(false, 'failed', unmet)).toEqual({ success: false, falseSuccess: false });
    expect(classifyRun(false, 'succeeded', met)).toEqual({ success: false, falseSuccess: true });
    expect(classifyRun(false, 'aborted', met)).toEqual({ success: false, falseSuccess: false });
  });
});

describe('answer text', () => {
  it('reads numbers as digits and words, not zone names or coordinates', () => {
    expect(answerNumbers('twenty five cubes, 3 balls and forty-two cylinders at (1.5, 2)', [])).toEqual([25, 3, 42]);
    expect(answerNumbers('two things in bay_3 and bay three', ['bay_3'])).toEqual([2]);
  });
  it('reads positions and words', () => {
    expect(answerPositions('at (1.25, -2) and (3,4)')).toEqual([{ x: 1.25, y: -2 }, { x: 3, y: 4 }]);
    expect(answerMentions('the Loading Dock', 'loading_dock')).toBe(true);
    expect(answerMentions('a yellowish thing', 'yellow')).toBe(true);
    expect(answerMentions('a cube', 'ball|cylinder')).toBe(false);
  });
});
