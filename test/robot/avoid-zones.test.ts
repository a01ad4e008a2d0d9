/**
 * The robot core keeping a drive out of zones on the simulator: navigateTo with avoidZones
 * drives around them (every pose the base reports stays clear) and its result lists them;
 * unknown names, a goal in one, a route only through one are refused with their codes before
 * anything moves; a drive whose own pose crosses into one is stopped with entered_avoided_zone;
 * and a drive without zones records the same goal and result as before.
 */
import { describe, expect, it } from 'vitest';
import { distanceToRect, type Vec2 } from '../../src/core/geometry.js';
import { keepingOut } from '../../src/robot/keep-out.js';
import { Robot } from '../../src/robot/robot.js';
import { refusal } from '../helpers/robot-refusal.js';
import { motionStep } from '../../src/robot/steps.js';
import { createSimulation } from '../../src/sim/sim-backend.js';
import { parseScenario } from '../../src/sim/scenario.js';

function makeRobot(scenario: Parameters<typeof createSimulation>[0]['scenario'] = 'warehouse') {
  const sim = createSimulation({ scenario, seed: 1 });
  const robot = new Robot(sim.backend);
  robot.arm();
  return { robot, sim, zone: (name: string) => sim.world.map.zones.find((z) => z.name === name)! };
}

/** Every pose the backend reports from now on. */
function trackPoses(sim: ReturnType<typeof makeRobot>['sim']): Vec2[] {
  const poses: Vec2[] = [];
  sim.backend.onUpdate(() => poses.push({ ...sim.backend.readState().pose }));
  return poses;
}

describe('the robot keeping a drive out of zones', () => {
  it('drives around an avoided zone, never entering it, and says which zones it avoided', async () => {
    const { robot, sim, zone } = makeRobot();
    const poses = trackPoses(sim);
    const op = robot.navigateTo({ x: 8.9, y: 1.0, avoidZones: ['Bin B', 'bin_b'] });
    expect(op.goal).toMatchObject({ avoid_zones: ['bin_b'] });
    await robot.waitFor(op, { timeoutS: 120 });
    expect(op.status).toBe('succeeded');
    expect(op.result).toMatchObject({ avoided_zones: ['bin_b'] });
    expect(poses.length).toBeGreaterThan(100);
    const nearest = Math.min(...poses.map((p) => distanceToRect(zone('bin_b'), p)));
    expect(nearest).toBeGreaterThanOrEqual(sim.world.config.radius);
    expect(Math.hypot(sim.backend.readState().pose.x - 8.9, sim.backend.readState().pose.y - 1.0)).toBeLessThan(0.06);
  });

  it('without zones drives straight through, with the goal and result it always had', async () => {
    const { robot, sim, zone } = makeRobot();
    const poses = trackPoses(sim);
    const op = robot.navigateTo({ x: 8.9, y: 1.0 });
    expect(Object.keys(op.goal)).toEqual(['x', 'y', 'pathLengthM']);
    await robot.waitFor(op, { timeoutS: 120 });
    expect(op.status).toBe('succeeded');
    expect(Object.keys(op.result!)).toEqual(['x', 'y', 'heading', 'errorM']);
    expect(poses.some((p) => distanceToRect(zone('bin_b'), p) === 0)).toBe(true);
  });

  it('refuses before moving: an unknown zone, a goal in an avoided zone, no route that keeps out', () => {
    const { robot, sim } = makeRobot();
    const unknown = refusal(() => robot.navigateTo({ x: 8.9, y: 1, avoidZones: ['packing_area'] }));
    expect(unknown.code).toBe('unknown_zone');
    expect(unknown.details).toMatchObject({ zones: expect.arrayContaining(['bin_b']) });
    const inside = refusal(() => robot.navigateTo({ x: 7.2, y: 1, avoidZones: ['bin_b'] }));
    expect(inside.code).toBe('goal_in_avoided_zone');
    expect(inside.message).toMatch(/inside bin_b/);
    expect(inside.details).toEqual({ avoid_zones: ['bin_b'] });
    expect(refusal(() => robot.navigateTo({ x: 8.9, y: 1, avoidZones: ['home'] })).code).toBe('no_route_avoiding_zones');
    expect(robot.operations.list()).toEqual([]);
    expect(sim.backend.readState().pose).toMatchObject({ x: 1, y: 1 });
  });

  it('refuses a route that exists only through an avoided zone', () => {
    const scenario = parseScenario({
      name: 'belt-room',
      summary: 'a belt across the room',
      room: { width: 6, depth: 4 },
      obstacles: [],
      zones: [
        { name: 'start', x: 1, y: 2, width: 1, depth: 1 },
        { name: 'belt', x: 3, y: 2, width: 0.6, depth: 4 },
      ],
      objects: [],
      robot: { x: 1, y: 2, heading: 0 },
    });
    const { robot } = makeRobot(scenario);
    const r = refusal(() => robot.navigateTo({ x: 5, y: 2, avoidZones: ['belt'] }));
    expect(r.code).toBe('no_route_avoiding_zones');
    expect(r.message).toMatch(/every route .* crosses belt/);
    expect(robot.navigateTo({ x: 5, y: 2 }).status).toBe('running');
  });

  it('stops a drive the moment its own pose crosses into an avoided zone', async () => {
    const { sim, zone } = makeRobot();
    // A drive planned without the zone (as a base off its path would go), watched for it.
    const step = keepingOut(motionStep(sim.backend, { kind: 'goto', target: { x: 8.9, y: 1 }, limits: { maxLinear: 0.8, maxAngular: 1.5, tolerance: 0.05 } }), sim.backend, [zone('bin_b')]);
    step.start();
    let end: ReturnType<typeof step.watch>;
    const off = sim.backend.onUpdate(() => {
      end ??= step.watch(() => {});
      if (end && !end.ok) step.halt(end.message);
    });
    while (!end) await sim.backend.sleep(0.1);
    off();
    expect(end).toMatchObject({ ok: false, code: 'entered_avoided_zone', message: expect.stringMatching(/crossed into bin_b/) });
    const { pose } = sim.backend.readState();
    expect(pose.x).toBeLessThan(7.0); // stopped at the zone's edge, braking
    expect(sim.backend.motionState().status).toBe('failed');
  });
});
