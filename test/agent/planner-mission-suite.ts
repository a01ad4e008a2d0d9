import { expect } from 'vitest';
import type { FailureCode } from '../../src/core/failure.js';
import { readFailure } from '../../src/mcp/tool-result.js';
import type { runTestMission } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * The offline planner's mission suite: instructions on the built-in scenarios, each judged by
 * the final ground-truth world — never by what the planner says about itself (a summary is
 * checked only where the answer is the point, e.g. a status question or an honest refusal).
 * planner-missions.test.ts runs it as is; planner-scrambled-messages.test.ts runs it with every
 * robot message scrambled.
 */
export type MissionRun = Awaited<ReturnType<typeof runTestMission>>;

export interface SuiteMission {
  name: string;
  instruction: string;
  /** A built-in scenario name or a scenario file; warehouse by default. */
  scenario?: string | (() => string);
  seed?: number;
  check(run: MissionRun): void;
}

const object = (run: MissionRun, id: string) => run.world.objects.find((o) => o.id === id)!;

function succeeded(run: MissionRun): void {
  expect(run.outcome, run.summary).toBe('succeeded');
}

/** The failure codes of the mission's failed tool calls, as `tool: code`: proof that a recovery path was taken. */
function failures(run: MissionRun): string[] {
  return run.events.flatMap((e) => (e.type === 'tool_call_finished' && e.isError ? [`${e.name}: ${readFailure(e.result)?.code}`] : []));
}

function refused(run: MissionRun, tool: string, code: FailureCode): void {
  expect(failures(run)).toContain(`${tool}: ${code}`);
}

function holds(id: string) {
  return (run: MissionRun) => {
    succeeded(run);
    expect(run.world.robot.holding).toBe(id);
    expect(object(run, id).heldBy).toBe('robot');
  };
}

function reportsWhere(id: string) {
  return (run: MissionRun) => {
    succeeded(run);
    const m = /at about \((-?[\d.]+), (-?[\d.]+)\)/.exec(run.summary)!;
    const truth = object(run, id);
    expect(Math.hypot(Number(m[1]) - truth.x, Number(m[2]) - truth.y), run.summary).toBeLessThan(0.25);
  };
}

/** The warehouse with the battery just above where the planner charges before setting out
 *  (reserve 15% + 5 points), so a long trip is refused by the robot's battery reserve. */
function batteryNearReserve(): string {
  return warehouseScenarioFile('battery-near-reserve', (warehouse) => ({ ...warehouse, robot: { ...warehouse.robot, battery: 0.21 } }));
}

export const PLANNER_MISSIONS: SuiteMission[] = [
  { name: 'picks up an object', instruction: 'pick up the red cube', check: holds('red_cube') },
  { name: 'picks up an object (said excitedly)', instruction: 'Grab the blue cube!', check: holds('blue_cube') },
  { name: 'picks up a ball', instruction: 'get the green ball', check: holds('green_ball') },
  {
    name: 'picks up one of two identical cubes (twins) when asked for any one',
    instruction: 'pick up a red cube',
    scenario: 'twins',
    check: (run) => {
      succeeded(run);
      expect(['red_cube_1', 'red_cube_2']).toContain(run.world.robot.holding);
    },
  },
  {
    name: 'follows a sequence: pick up, then put in a zone',
    instruction: 'pick up the blue cube, then put it in bin A',
    seed: 2,
    check: (run) => {
      succeeded(run);
      expect(object(run, 'blue_cube')).toMatchObject({ zone: 'bin_a', heldBy: null });
      expect(run.world.robot.holding).toBeNull();
    },
  },
  {
    name: 'arms again when disarmed between picking up and putting down',
    instruction: 'pick up the red cube, then disarm, then put it in bin A',
    check: (run) => {
      succeeded(run);
      expect(object(run, 'red_cube')).toMatchObject({ zone: 'bin_a', heldBy: null });
      // The drive to the drop spot is the first motion after the disarm, and the one refused.
      refused(run, 'navigate_to', 'not_armed');
    },
  },
  {
    name: 'brings an object to a zone',
    instruction: 'bring the yellow cylinder to the shelf',
    check: (run) => {
      succeeded(run);
      expect(object(run, 'yellow_cylinder').zone).toBe('shelf');
    },
  },
  {
    name: 'places an object next to another object',
    instruction: 'place the blue cube next to the green ball',
    check: (run) => {
      succeeded(run);
      const a = object(run, 'blue_cube');
      const b = object(run, 'green_ball');
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(0.8);
      expect(a.heldBy).toBeNull();
    },
  },
  {
    name: 'handles plurals: all the cubes on the shelf',
    instruction: 'put all the cubes on the shelf',
    check: (run) => {
      succeeded(run);
      expect(object(run, 'red_cube').zone).toBe('shelf');
      expect(object(run, 'blue_cube').zone).toBe('shelf');
      expect(object(run, 'green_ball').zone).not.toBe('shelf');
    },
  },
  { name: 'goes to a zone', instruction: 'go to bin b', check: (run) => expect(run.world.robot.zone).toBe('bin_b') },
  {
    name: 'goes to coordinates',
    instruction: 'navigate to (3, 4.5)',
    scenario: 'cluttered',
    check: (run) => {
      succeeded(run);
      expect(Math.hypot(run.world.robot.x - 3, run.world.robot.y - 4.5)).toBeLessThanOrEqual(0.05);
    },
  },
  { name: 'finds an object and reports where it is', instruction: 'where is the green ball?', check: reportsWhere('green_ball') },
  { name: 'finds a hidden object', instruction: 'find the red cube', scenario: 'cluttered', check: reportsWhere('red_cube') },
  { name: 'finds an object in dim light', instruction: 'look for the yellow cylinder', scenario: 'dim', check: reportsWhere('yellow_cylinder') },
  { name: 'charges on the dock', instruction: 'go charge', check: (run) => expect(run.world.robot.battery).toBeGreaterThanOrEqual(0.94) },
  {
    name: 'charges first when the battery is below the reserve',
    instruction: 'go to bin a',
    scenario: 'low-battery',
    check: (run) => {
      succeeded(run);
      expect(run.world.robot.zone).toBe('bin_a');
      expect(run.summary).toMatch(/Charged the battery/);
    },
  },
  {
    name: 'charges and tries again when the battery reserve refuses a trip',
    instruction: 'navigate to (9, 7)',
    scenario: batteryNearReserve,
    check: (run) => {
      succeeded(run);
      expect(Math.hypot(run.world.robot.x - 9, run.world.robot.y - 7)).toBeLessThanOrEqual(0.05);
      expect(run.world.robot.battery).toBeGreaterThan(0.5);
      refused(run, 'navigate_to', 'battery_reserve');
    },
  },
  { name: 'answers a battery question', instruction: 'what is your battery level?', check: (run) => expect(run.summary).toMatch(/Battery at 90%/) },
  { name: 'answers where it is', instruction: 'where are you?', check: (run) => expect(run.summary).toMatch(/I am at \(1, 1\).*in home/) },
  { name: 'answers what it holds', instruction: 'what are you holding', check: (run) => expect(run.summary).toMatch(/not holding anything/) },
  { name: 'arms', instruction: 'arm', check: (run) => expect(run.world.robot.armed).toBe(true) },
  { name: 'arms, then disarms', instruction: 'arm the robot, then disarm', check: (run) => expect(run.world.robot.armed).toBe(false) },
  { name: 'stops', instruction: 'stop', check: succeeded },
  { name: 'sets a speed', instruction: 'set max speed to 0.3', check: (run) => expect(run.world.parameters.max_linear_speed).toBe(0.3) },
  { name: 'sets a threshold in percent', instruction: 'set the detection threshold to 60%', check: (run) => expect(run.world.parameters.detection_confidence).toBe(0.6) },
  {
    name: 'fails honestly on an object it cannot recognize',
    instruction: 'pick up the purple elephant',
    check: (run) => {
      expect(run.outcome).toBe('failed');
      expect(run.summary).toMatch(/cannot recognize purple objects/);
      expect(run.steps).toBe(0);
    },
  },
  {
    name: 'fails honestly when the object is not there',
    instruction: 'pick up the red cube',
    scenario: 'empty',
    check: (run) => {
      expect(run.outcome).toBe('failed');
      expect(run.summary).toMatch(/could not find the red cube anywhere: I looked from \d+ place/);
      expect(run.world.robot.holding).toBeNull();
    },
  },
  { name: 'fails honestly on what it cannot do', instruction: 'make me a sandwich', check: (run) => expect(run.outcome).toBe('failed') },
];

export function scenarioOf(m: SuiteMission): string {
  return typeof m.scenario === 'function' ? m.scenario() : (m.scenario ?? 'warehouse');
}
