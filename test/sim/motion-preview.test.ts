import { describe, expect, it } from 'vitest';
import type { Pose } from '../../src/core/geometry.js';
import type { MotionGoal } from '../../src/core/motion-types.js';
import { Robot } from '../../src/robot/robot.js';
import { NoiseStream } from '../../src/sim/camera/noise-stream.js';
import { prepareFrame, renderFrame } from '../../src/sim/camera/render.js';
import { MotionPreview } from '../../src/sim/motion-preview.js';
import { createSimulation, type Simulation } from '../../src/sim/sim-backend.js';
import type { World } from '../../src/sim/world.js';

/**
 * A scan renders its next view while the detector works on the current one: the pose after the
 * turn is previewed on a copy of the engine, and the frame prepared there must be the frame the
 * robot then captures. These tests hold the preview to the real motion, to the last bit.
 */
/** Counts the draws taken from the camera's own stream. */
function countedCameraRng(sim: Simulation) {
  const rng = sim.rng.fork('camera');
  const counted = { draws: 0, next: () => (counted.draws++, rng.next()) };
  return counted;
}

/** `prepared` given: the robot prepares frames as `run` does, noise drawn ahead included. */
function simulatedRobot(prepared?: Pose[]) {
  let camera: ReturnType<typeof countedCameraRng> | undefined;
  let noise: NoiseStream | undefined;
  const cameraRng = () => (camera ??= countedCameraRng(sim));
  const source = () => (prepared ? (noise ??= new NoiseStream(cameraRng())) : cameraRng());
  const sim: Simulation = createSimulation({
    scenario: 'warehouse',
    seed: 3,
    renderFrame: (world, pose, time) => renderFrame(world, pose, { rng: source(), time }),
    ...(prepared && {
      prepareFrame: (world: World, pose: Pose) => {
        prepared.push(pose);
        prepareFrame(world, pose, noise ??= new NoiseStream(cameraRng()));
      },
    }),
  });
  const robot = new Robot(sim.backend);
  robot.arm();
  return { sim, robot, draws: () => camera?.draws ?? 0 };
}

function limits(robot: Robot) {
  return { maxLinear: robot.parameters.number('max_linear_speed'), maxAngular: robot.parameters.number('max_angular_speed'), tolerance: robot.parameters.number('arrival_tolerance') };
}

describe('previewing a motion goal', () => {
  it('tells exactly the pose a turn or a drive ends at, and moves nothing', async () => {
    const { sim, robot } = simulatedRobot();
    const preview = new MotionPreview(sim.engine);
    const moves: Array<{ goal: MotionGoal; start: () => ReturnType<Robot['rotate']> }> = [
      ...[1, 1, 1].map(() => ({ goal: { kind: 'rotate' as const, angle: Math.PI / 6, limits: limits(robot) }, start: () => robot.rotate(Math.PI / 6) })),
      { goal: { kind: 'rotate', angle: -2.1, limits: limits(robot) }, start: () => robot.rotate(-2.1) },
      { goal: { kind: 'goto', target: { x: 3, y: 1.4 }, limits: limits(robot) }, start: () => robot.navigateTo({ x: 3, y: 1.4 }) },
      { goal: { kind: 'rotate', angle: (2 * Math.PI) / 5, limits: limits(robot) }, start: () => robot.rotate((2 * Math.PI) / 5) },
    ];
    for (const { goal, start } of moves) {
      const before = sim.world.stateHash();
      const time = sim.clock.now();
      const expected = preview.poseAfter(goal);
      expect(sim.world.stateHash()).toBe(before);
      expect(sim.clock.now()).toBe(time);
      const op = await robot.waitFor(start());
      expect(op.status).toBe('succeeded');
      expect(expected).toEqual(sim.backend.readState().pose);
    }
  });

  it('says nothing of a goal that would fail', () => {
    const { sim, robot } = simulatedRobot();
    // Inside the rack: no path there.
    expect(new MotionPreview(sim.engine).poseAfter({ kind: 'goto', target: { x: 4.2, y: 4.6 }, limits: limits(robot) })).toBeUndefined();
  });

  it("prepares the frame of the turn's end pose, noise drawn ahead, and the frame captured there is the one captured without preparing", async () => {
    const prepared: Pose[] = [];
    const a = simulatedRobot(prepared);
    const b = simulatedRobot();
    for (let i = 0; i < 3; i++) {
      a.sim.backend.prepareFrameAfter({ kind: 'rotate', angle: Math.PI / 6, limits: limits(a.robot) });
      // The next frame's noise is drawn ahead, and taken by the capture, not drawn again.
      expect(a.draws()).toBe(i + 1);
      for (const { robot } of [a, b]) await robot.waitFor(robot.rotate(Math.PI / 6));
      const [withPrepared, without] = [a, b].map(({ robot }) => robot.captureFrame());
      expect(a.draws()).toBe(i + 1);
      expect(b.draws()).toBe(i + 1);
      expect(prepared[i]).toEqual(withPrepared!.pose);
      expect(withPrepared!.time).toBe(without!.time);
      expect(Buffer.from(withPrepared!.rgb).equals(Buffer.from(without!.rgb))).toBe(true);
    }
    expect(prepared).toHaveLength(3);
  });

  it('captures what the camera sees when the world changed after a frame was prepared, with the noise drawn ahead', async () => {
    const a = simulatedRobot([]);
    const b = simulatedRobot();
    const unmoved = simulatedRobot();
    a.sim.backend.prepareFrameAfter({ kind: 'rotate', angle: Math.PI / 6, limits: limits(a.robot) });
    for (const { robot, sim } of [a, b, unmoved]) {
      await robot.waitFor(robot.rotate(Math.PI / 6));
      if (sim === unmoved.sim) continue;
      // After the frame was prepared, an object is put down 1.2 m ahead of the camera.
      const { pose } = sim.backend.readState();
      Object.assign(sim.world.objects[0]!, { x: pose.x + 1.2 * Math.cos(pose.heading), y: pose.y + 1.2 * Math.sin(pose.heading) });
    }
    const [withPrepared, moved, before] = [a, b, unmoved].map(({ robot }) => robot.captureFrame().rgb);
    expect(a.draws()).toBe(1);
    expect(Buffer.from(before!).equals(Buffer.from(moved!))).toBe(false);
    expect(Buffer.from(withPrepared!).equals(Buffer.from(moved!))).toBe(true);
  });
});
