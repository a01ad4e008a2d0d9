import { normalizeAngle } from '../../core/geometry.js';
import type { MotionGoal, MotionLimits } from '../../core/motion-types.js';
import { quaternionFromYaw, yawFromQuaternion, type Quaternion } from '../../core/quaternion.js';
import type { SimEngine } from '../../sim/engine.js';
import type { RosMessage, RosServerGoal, RosTransport } from '../transport/ros-transport.js';
import { header, MAP_FRAME, type RosTime } from './sim-messages.js';

/**
 * Limits for goals that come over move_base, which carries none: the robot's default parameters
 * (src/robot/parameters.ts), so a mission over ROS drives as the embedded one does.
 */
export const MOVE_BASE_LIMITS: MotionLimits = { maxLinear: 0.6, maxAngular: 1.8, tolerance: 0.05 };

/** A goal this close to where the base stands is a turn on the spot, not a drive. */
const TURN_IN_PLACE_M = 0.02;
/** Feedback every this many physics steps (50 Hz / 5 = 10 Hz, as move_base sends it). */
const FEEDBACK_EVERY_STEPS = 5;

interface Target {
  x: number;
  y: number;
  yaw: number;
}

function readTarget(goal: RosMessage): Target | string {
  const stamped = goal.target_pose as { header?: { frame_id?: string }; pose?: { position?: { x?: number; y?: number }; orientation?: Quaternion } } | undefined;
  const frame = stamped?.header?.frame_id ?? '';
  if (frame !== '' && frame !== MAP_FRAME && frame !== 'odom' && frame !== '/map' && frame !== '/odom') return `goals must be in the "map" frame (got "${frame}")`;
  const p = stamped?.pose?.position;
  const q = stamped?.pose?.orientation;
  if (!p || !q || ![p.x, p.y, q.x, q.y, q.z, q.w].every((v) => typeof v === 'number' && Number.isFinite(v))) return 'target_pose has no finite position and orientation';
  if (Math.hypot(q.x, q.y, q.z, q.w) < 1e-6) return 'target_pose.orientation is not a rotation (all zeros); send a unit quaternion';
  return { x: p.x!, y: p.y!, yaw: yawFromQuaternion(q) };
}

/**
 * The simulator's `move_base` (move_base_msgs/MoveBaseAction): one goal at a time, a new goal
 * preempts the running one (SimpleActionServer semantics). A goal drives the base with the
 * simulator's own planner and follower; feedback is the base's pose; a cancel stops the base.
 */
export class MoveBaseServer {
  private current: RosServerGoal | null = null;
  private steps = 0;
  private readonly unsubscribe: () => void;

  private constructor(
    private readonly engine: SimEngine,
    private readonly stamp: () => RosTime,
  ) {
    this.unsubscribe = engine.onStep(() => this.watch());
  }

  static async start(transport: RosTransport, action: string, engine: SimEngine, stamp: () => RosTime): Promise<{ close(): Promise<void>; abortCurrent(text: string): boolean }> {
    const server = new MoveBaseServer(engine, stamp);
    const handle = await transport.actionServer(action, 'move_base_msgs/MoveBaseAction', {
      onGoal: (goal) => server.onGoal(goal),
      onCancel: (goal) => server.onCancel(goal),
    });
    return {
      abortCurrent: (text) => server.abortCurrent(text),
      close: async () => {
        server.unsubscribe();
        server.onCancel(server.current);
        await handle.close();
      },
    };
  }

  private onGoal(goal: RosServerGoal): void {
    const target = readTarget(goal.goal);
    if (typeof target === 'string') return goal.abort({}, target);
    if (this.current) this.end(this.current, 'preempted', 'preempted by a newer goal');
    this.current = goal;
    this.steps = 0;
    this.engine.startMotion(this.motionGoal(target));
    this.watch();
  }

  /** Ends the running goal as aborted, leaving the base to whoever took it over. */
  private abortCurrent(text: string): boolean {
    if (!this.current) return false;
    this.end(this.current, 'aborted', text);
    return true;
  }

  private onCancel(goal: RosServerGoal | null): void {
    if (!goal || goal !== this.current) return;
    this.engine.stopMotion('cancelled by the action client');
    this.end(goal, 'preempted', 'cancelled');
  }

  private motionGoal(target: Target): MotionGoal {
    const body = this.engine.world.robot;
    if (Math.hypot(target.x - body.x, target.y - body.y) < TURN_IN_PLACE_M) {
      return { kind: 'rotate', angle: normalizeAngle(target.yaw - body.heading), limits: MOVE_BASE_LIMITS };
    }
    return { kind: 'goto', target: { x: target.x, y: target.y }, heading: target.yaw, limits: MOVE_BASE_LIMITS };
  }

  /** After every physics step: feedback now and then, and the goal's end when the motion ends. */
  private watch(): void {
    const goal = this.current;
    if (!goal) return;
    const motion = this.engine.motionState();
    if (motion.status === 'succeeded') return this.end(goal, 'succeeded', 'goal reached');
    if (motion.status !== 'active') return this.end(goal, 'aborted', motion.reason ?? 'the base stopped');
    if (this.steps++ % FEEDBACK_EVERY_STEPS === 0) {
      const body = this.engine.world.robot;
      goal.publishFeedback({
        base_position: { header: header(MAP_FRAME, this.stamp()), pose: { position: { x: body.x, y: body.y, z: 0 }, orientation: quaternionFromYaw(body.heading) } },
      });
    }
  }

  private end(goal: RosServerGoal, how: 'succeeded' | 'aborted' | 'preempted', text: string): void {
    if (goal === this.current) this.current = null;
    if (how === 'succeeded') goal.succeed({}, text);
    else if (how === 'aborted') goal.abort({}, text);
    else goal.preempted({}, text);
  }
}
