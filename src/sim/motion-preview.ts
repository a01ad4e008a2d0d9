import type { Pose } from '../core/geometry.js';
import type { MotionGoal } from '../core/motion-types.js';
import { SimEngine } from './engine.js';
import { World } from './world.js';

/** Longest goal previewed, seconds of robot time: a preview never runs away. */
const MAX_PREVIEW_S = 120;

/**
 * Where a motion goal would leave the robot, found by running the engine itself on a copy of the
 * world (the same steps, so the same pose to the last bit), the real world untouched. The robot
 * uses it to render the frame it will capture after a turn while the detector is busy with the
 * frame before (SimulatorBackend.prepareFrameAfter).
 */
export class MotionPreview {
  private scratch: SimEngine | undefined;

  constructor(private readonly engine: SimEngine) {}

  /** The pose the goal ends at, or undefined when it would not succeed (within MAX_PREVIEW_S). */
  poseAfter(goal: MotionGoal): Pose | undefined {
    const real = this.engine.world;
    const scratch = (this.scratch ??= new SimEngine(new World(real.scenario, real.config), { dt: this.engine.dt, planner: this.engine.planner }));
    Object.assign(scratch.world.robot, real.robot);
    real.objects.forEach((o, i) => Object.assign(scratch.world.objects[i]!, o));
    scratch.startMotion(goal);
    for (let n = Math.ceil(MAX_PREVIEW_S / scratch.dt); n > 0 && scratch.motionState().status === 'active'; n--) scratch.step();
    if (scratch.motionState().status !== 'succeeded') return undefined;
    const { x, y, heading } = scratch.world.robot;
    return { x, y, heading };
  }
}
