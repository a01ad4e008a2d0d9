/**
 * An action goal's progress, from its feedback. What is derived: when the goal has a target pose
 * (move_base's `target_pose`, any PoseStamped or Pose field) and the feedback carries the current
 * one (move_base's `base_position`), progress is the share of the distance covered since the first
 * feedback — the first pose seen stands for the start, which actionlib does not report. Other
 * actions say nothing of distance, so each feedback message moves progress a step towards (never
 * to) 1: a client sees the goal is alive, not how far it is. Only success sets progress to 1.
 */
import type { RosMessage } from '../transport/ros-transport.js';

interface Position {
  x: number;
  y: number;
  z: number;
}

/** The highest progress feedback alone may report: the end is the result's to say. */
const MAX_FEEDBACK_PROGRESS = 0.99;

export class GoalProgress {
  private readonly target: Position | undefined;
  private start: Position | undefined;
  private feedbackCount = 0;
  private progress = 0;

  constructor(goal: RosMessage) {
    this.target = findPosition(goal);
  }

  /** The progress after this feedback: never lower than before. */
  update(feedback: RosMessage): number {
    this.feedbackCount++;
    const here = this.target && findPosition(feedback);
    const estimate = here ? this.covered(here) : this.feedbackCount / (this.feedbackCount + 20);
    this.progress = Math.min(MAX_FEEDBACK_PROGRESS, Math.max(this.progress, estimate));
    return this.progress;
  }

  private covered(here: Position): number {
    this.start ??= here;
    const whole = distance(this.start, this.target!);
    return whole < 1e-9 ? MAX_FEEDBACK_PROGRESS : 1 - distance(here, this.target!) / whole;
  }
}

function distance(a: Position, b: Position): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

/** The first `pose.position` (PoseStamped) or `position` (Pose) among a message's own fields. */
function findPosition(message: RosMessage): Position | undefined {
  for (const value of Object.values(message)) {
    if (typeof value !== 'object' || value === null) continue;
    const field = value as { pose?: { position?: unknown }; position?: unknown };
    const position = asPosition(field.pose?.position) ?? asPosition(field.position);
    if (position) return position;
  }
  return undefined;
}

function asPosition(value: unknown): Position | undefined {
  const p = value as Partial<Position> | undefined;
  return p && typeof p.x === 'number' && typeof p.y === 'number' && typeof p.z === 'number' ? { x: p.x, y: p.y, z: p.z } : undefined;
}
