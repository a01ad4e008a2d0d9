import { describe, expect, it } from 'vitest';
import { distanceToRect } from '../../src/core/geometry.js';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { runTestMission, runtimesClosedAfterEach } from '../helpers/runtime.js';

/**
 * The wording of haste-and-order-wording.test.ts and possessive-and-map-questions-wording.test.ts
 * carried out on the real runtime (simulator, embedded MCP server, the real detector), judged by
 * the simulator's final world: a possessive picks the look-alike in the place named and leaves the
 * other; "… and after go to home" ends at home with the delivery done; "without going down aisle
 * 1" keeps the robot out of the aisle the straight way runs up; "which areas do you know about"
 * lists the map's places without moving.
 */
const openRuntime = runtimesClosedAfterEach();
const SUITE = 'bench/agent-suite/scenarios';
const MOTION = new Set(['navigate_to', 'navigate_to_zone', 'approach_object', 'grasp_object', 'release_object', 'rotate', 'scan_surroundings']);

async function mission(scenario: string, instruction: string, watchZone?: string) {
  const runtime = await openRuntime(scenario, 1);
  const { sim } = runtime.simRobot;
  const zone = watchZone ? sim.world.map.zones.find((z) => z.name === watchZone)! : undefined;
  let closest = Infinity;
  if (zone) sim.backend.onUpdate(() => (closest = Math.min(closest, distanceToRect(zone, sim.backend.readState().pose))));
  const run = await runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: 100 });
  const calls = run.events.flatMap((e) => (e.type === 'tool_call_started' ? [e.name] : []));
  const at = (id: string) => run.world.objects.find((o) => o.id === id)!;
  return { run, calls, at, closest: () => closest };
}

describe('everyday wording on the real runtime', { timeout: 300_000 }, () => {
  it('"put the sink\'s red cylinder in the recycling" moves the one in the sink and leaves its look-alike', async () => {
    const { run, at } = await mission(`${SUITE}/staff-kitchen.json`, "put the sink's red cylinder in the recycling");
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(at('red_cylinder_2').zone).toBe('recycling');
    expect(at('red_cylinder_1')).toMatchObject({ x: 2.5, y: 7.4, heldBy: null });
  });

  it('"… and after go to home" delivers first, then ends at home', async () => {
    const { run, at } = await mission('cluttered', 'pick up the green cube and put it in bin a and after go to home');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(at('green_cube').zone).toBe('bin_a');
    expect(run.world.robot.zone).toBe('home');
  });

  it('"without going down aisle 1" takes the red cube to the ice machine around the aisle', async () => {
    const { run, at, closest } = await mission('test/fixtures/scenarios/cash-and-carry.json', 'take the red cube up to the ice machine without going down aisle 1', 'aisle_1');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(at('red_cube').zone).toBe('ice_machine');
    expect(closest()).toBeGreaterThan(0);
  });

  it('"anything blue in aisle 2?" answers yes, with where the blue cube is, and moves nothing', async () => {
    const { run, at } = await mission('test/fixtures/scenarios/cash-and-carry.json', 'anything blue in aisle 2?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/\byes\b/i);
    expect(run.summary).toMatch(/\(8\.\d+, [56]\.\d+\)/);
    expect(at('blue_cube')).toMatchObject({ x: 8.5, y: 6, heldBy: null });
  });

  it('"which areas do you know about?" lists the map\'s places and moves nothing', async () => {
    const { run, calls } = await mission(`${SUITE}/office-corridor.json`, 'which areas do you know about?');
    expect(run.outcome, run.summary).toBe('succeeded');
    for (const place of ['reception', 'room 1', 'mail room', 'kitchen', 'meeting room', 'charging dock']) expect(run.summary).toContain(place);
    expect(calls.filter((c) => MOTION.has(c))).toEqual([]);
  });
});
