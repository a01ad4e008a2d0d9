import type { Pose } from '../../core/geometry.js';

/** Seconds of odometry kept, by stamp whatever its rate (128 messages were 1.3 s at 100 Hz):
 *  enough to pair a camera image that lags a few seconds behind. */
export const KEPT_S = 5;
/** A bound on memory whatever the stamps say (unstamped odometry all stamps 0): 5 s at 1 kHz. */
const MAX_POSES = 5000;
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
    // A clock that went back (a restarted simulator, a replayed bag) makes the older poses meaningless.
    if (stamp < (this.stamps[this.stamps.length - 1] ?? -Infinity)) this.forget(this.stamps.length);
    this.stamps.push(stamp);
    this.poses.push(pose);
    let stale = 0;
    while (stale < this.stamps.length && this.stamps[stale]! < stamp - KEPT_S) stale++;
    this.forget(Math.max(stale, this.stamps.length - MAX_POSES));
  }

  private forget(oldest: number): void {
    this.stamps.splice(0, oldest);
    this.poses.splice(0, oldest);
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
