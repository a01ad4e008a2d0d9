import type { Pose } from '../../core/geometry.js';

/** How many poses are kept: a few seconds of odometry, enough to match any camera frame. */
const CAPACITY = 128;
/** An image stamped further than this outside the odometry kept has no pose to pair with: a
 *  nearest pose seconds away would place everything in it wrongly (seen as tens of degrees off
 *  when the camera lagged behind the odometry). */
export const MAX_PAIRING_GAP_S = 0.25;

/**
 * Recent stamped poses, so a camera image is localized from where the base was when the image
 * was taken (its header stamp), not where it is when the image is read.
 */
export class PoseHistory {
  private readonly stamps: number[] = [];
  private readonly poses: Pose[] = [];

  push(stamp: number, pose: Pose): void {
    this.stamps.push(stamp);
    this.poses.push(pose);
    if (this.stamps.length > CAPACITY) {
      this.stamps.shift();
      this.poses.shift();
    }
  }

  latest(): Pose | undefined {
    return this.poses[this.poses.length - 1];
  }

  /** The pose stamped nearest to `stamp`; the latest one for an unstamped (0) image; undefined
   *  when `stamp` lies further than MAX_PAIRING_GAP_S outside the poses kept. */
  at(stamp: number): Pose | undefined {
    if (stamp <= 0) return this.latest();
    const oldest = this.stamps[0];
    const newest = this.stamps[this.stamps.length - 1];
    if (oldest === undefined || newest === undefined || stamp < oldest - MAX_PAIRING_GAP_S || stamp > newest + MAX_PAIRING_GAP_S) return undefined;
    let best = -1;
    let bestGap = Infinity;
    for (let i = 0; i < this.stamps.length; i++) {
      const gap = Math.abs(this.stamps[i]! - stamp);
      if (gap < bestGap) {
        best = i;
        bestGap = gap;
      }
    }
    return best < 0 ? undefined : this.poses[best];
  }
}

/** A ROS header stamp `{ secs, nsecs }` in seconds. */
export function stampSeconds(header: unknown): number {
  const stamp = (header as { stamp?: { secs?: number; nsecs?: number } } | undefined)?.stamp;
  return Number(stamp?.secs ?? 0) + Number(stamp?.nsecs ?? 0) / 1e9;
}
