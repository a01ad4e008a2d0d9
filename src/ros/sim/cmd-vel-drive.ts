import type { DriveCommand, MotionController } from '../../sim/drive-controller.js';
import type { SimEngine } from '../../sim/engine.js';
import type { RosMessage } from '../transport/ros-transport.js';

/** A base with no fresh velocity command for this long stops, as real base drivers do. */
export const CMD_VEL_WATCHDOG_S = 0.5;

/** What the drive needs of move_base: to end its goal when a velocity command takes over. */
export interface PreemptibleGoals {
  /** Aborts the running goal (if any) with `text`; true if there was one. */
  abortCurrent(text: string): boolean;
}

/** The latest Twist as the engine's controller: it never finishes, it only follows. */
class VelocityCommand implements MotionController {
  linear = 0;
  angular = 0;
  /** Simulated time of the latest command. */
  at = 0;
  expired = false;

  constructor(private readonly now: () => number) {}

  update(_base: unknown, out: DriveCommand): boolean {
    this.expired = this.now() - this.at > CMD_VEL_WATCHDOG_S;
    out.linear = this.expired ? 0 : this.linear;
    out.angular = this.expired ? 0 : this.angular;
    return false;
  }

  remaining(): number {
    return 0;
  }

  progress(): number {
    return 0;
  }
}

/**
 * /cmd_vel (geometry_msgs/Twist) driving the simulated differential base: linear.x and angular.z
 * become the base's velocity command, under the simulator's own speed and acceleration limits
 * and collision checks (a move into an obstacle is refused: the base stops there). The other
 * components cannot be driven by a differential base and are ignored.
 *
 * - A zero Twist stops the base (and any move_base goal: a stop is always obeyed).
 * - A non-zero Twist takes the base over: a running move_base goal is aborted ("preempted by a
 *   velocity command on /cmd_vel"), as a teleop input does through a twist_mux with priority
 *   over navigation. A move_base goal sent later takes the base back. The last command wins;
 *   never two at once.
 * - Watchdog: no command for 0.5 s (simulated time, paced to the wall clock) and the base stops,
 *   so a driver that died or lost its connection does not leave it running.
 */
export class CmdVelDrive {
  private readonly command: VelocityCommand;
  private readonly offStep: () => void;

  constructor(
    private readonly engine: SimEngine,
    private readonly topic: string,
    private readonly goals: PreemptibleGoals,
    private readonly log?: (line: string) => void,
  ) {
    this.command = new VelocityCommand(() => engine.clock.now());
    this.offStep = engine.onStep(() => this.watchdog());
  }

  onTwist(twist: RosMessage): void {
    const linear = twist.linear as { x: number };
    const angular = twist.angular as { z: number };
    const v = Number(linear.x);
    const w = Number(angular.z);
    if (!Number.isFinite(v) || !Number.isFinite(w) || (v === 0 && w === 0)) {
      this.engine.stopMotion(`stopped by a zero velocity command on ${this.topic}`);
      return;
    }
    if (this.goals.abortCurrent(`preempted by a velocity command on ${this.topic}`)) this.log?.(`ros-sim: a velocity command on ${this.topic} preempted the move_base goal`);
    Object.assign(this.command, { linear: v, angular: w, at: this.engine.clock.now(), expired: false });
    this.engine.startControlled(this.command);
  }

  close(): void {
    this.offStep();
  }

  /** After each step: a command that went stale stops the base (once). */
  private watchdog(): void {
    if (!this.command.expired) return;
    this.command.expired = false;
    this.command.at = Infinity; // stale until the next command; the engine no longer runs it
    const reason = `no velocity command on ${this.topic} for ${CMD_VEL_WATCHDOG_S} s: the base stopped (watchdog)`;
    this.engine.stopMotion(reason);
    this.log?.(`ros-sim: ${reason}`);
  }
}
