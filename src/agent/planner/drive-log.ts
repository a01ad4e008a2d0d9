import type { ToolReply } from './planner-session.js';

/**
 * The zones a mission must keep out of ("go to the outbox, avoid the packing area"), as the
 * planner's line to the robot carries them: every tool call that drives gets them as
 * `avoid_zones`, and what each result says — whether the drive was planned around them, whether
 * the robot reports having avoided them, every pose it reports — is kept for the check at the
 * end (kept-out.ts). Only the robot's own word (its results) goes in, never the simulator's truth.
 */

/** A zone to keep out of: as said, and the map's zone it was read as. */
export interface KeepOut {
  said: string;
  zone: string;
}

export interface DriveRecord {
  tool: string;
  /** The zones the call asked to keep out of. */
  sent: string[];
  ok: boolean;
  code?: string;
  /** The zones the operation's result says it avoided (null when it says none). */
  avoided: string[] | null;
}

const DRIVE_TOOLS = new Set(['navigate_to', 'navigate_to_zone', 'approach_object']);

/** Whether a call drives the base: the drive tools, and a release that first drives to its zone. */
function drives(name: string, args: Record<string, unknown>): boolean {
  return DRIVE_TOOLS.has(name) || (name === 'release_object' && typeof args.zone === 'string');
}

export class DriveLog {
  readonly drives: DriveRecord[] = [];
  /** Every pose a result reported, in order. */
  readonly poses: Array<{ x: number; y: number }> = [];

  constructor(readonly keepOut: readonly KeepOut[]) {}

  /** The call's arguments, with the zones to keep out of when it drives. */
  argsFor(name: string, args: Record<string, unknown>): Record<string, unknown> {
    if (this.keepOut.length === 0 || !drives(name, args)) return args;
    return { ...args, avoid_zones: [...new Set(this.keepOut.map((k) => k.zone))] };
  }

  record(name: string, args: Record<string, unknown>, r: ToolReply): void {
    if (this.keepOut.length === 0) return;
    const pose = r.data?.pose;
    if (typeof pose?.x === 'number' && typeof pose?.y === 'number') this.poses.push({ x: pose.x, y: pose.y });
    if (!drives(name, args)) return;
    const avoided = r.data?.operation?.result?.avoided_zones;
    const sent = Array.isArray(args.avoid_zones) ? (args.avoid_zones as string[]) : [];
    this.drives.push({ tool: name, sent, ok: r.ok, ...(r.error ? { code: r.error.code } : {}), avoided: Array.isArray(avoided) ? (avoided as string[]) : null });
  }
}
