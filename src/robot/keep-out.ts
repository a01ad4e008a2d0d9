import type { FailureCode } from '../core/failure.js';
import type { Zone } from '../core/map.js';
import { zoneEntered } from '../core/planning/keep-out.js';
import { round, type Vec2 } from '../core/geometry.js';
import { canonicalName } from '../core/names.js';
import type { MotionLimits, PathPlan, RobotBackend } from './backend.js';
import { RobotCommandError } from './robot-errors.js';
import { motionStep, type Step } from './steps.js';

/**
 * Zones a drive keeps out of, in the robot core: named on the goal (`avoid_zones`), planned
 * around by the backend, and watched on the robot's own pose while it drives, so an operation
 * that says it avoided a zone was seen never to enter it.
 */

/** A goal's avoided zones by name, as an operation's goal records them (absent when none). */
export function avoidZonesOf(goal: Record<string, unknown>): string[] {
  return Array.isArray(goal.avoid_zones) ? (goal.avoid_zones as string[]) : [];
}

/** What an operation's goal records of its avoided zones: their names, nothing when there are none. */
export function avoidGoal(zones: readonly Zone[]): { avoid_zones?: string[] } {
  return zones.length ? { avoid_zones: zones.map((z) => z.name) } : {};
}

/** The zones of the backend's map with these names (checked when the goal was accepted). */
export function zonesNamed(backend: RobotBackend, names: readonly string[]): Zone[] {
  const zones = backend.staticMap().zones;
  return names.flatMap((n) => zones.filter((z) => z.name === n));
}

/** The zone of the backend's map with that name ("Bin A" finds bin_a), or the refusal listing them. */
export function findZone(backend: RobotBackend, name: string): Zone {
  const zones = backend.staticMap().zones;
  const found = zones.find((z) => z.name === canonicalName(name));
  if (!found) throw new RobotCommandError(`unknown zone "${name}"; zones on this map: ${zones.map((z) => z.name).join(', ')}`, 'unknown_zone', { zones: zones.map((z) => z.name) });
  return found;
}

/** The zones a goal names to keep out of (each checked, duplicates dropped), refused on a backend
 *  that cannot keep out of them because it plans its own routes. */
export function avoidedZones(backend: RobotBackend, names: readonly string[] | undefined): Zone[] {
  const zones = [...new Map((names ?? []).map((n) => findZone(backend, n)).map((z) => [z.name, z])).values()];
  if (zones.length && !backend.followsPlannedPaths) {
    throw new RobotCommandError(
      `this robot's ${backend.kind} navigation plans its own routes and cannot be told to keep out of ${zones.map((z) => z.name).join(', ')}; drive without avoid_zones, or use a base driven by the robot's own follower`,
      'unsupported',
      { avoid_zones: zones.map((z) => z.name) },
    );
  }
  return zones;
}

/** The code of a failed plan: the avoided zones' own codes when they are the cause. */
export function planFailureCode(plan: PathPlan & { ok: false }): FailureCode {
  if (plan.avoided === 'goal') return 'goal_in_avoided_zone';
  if (plan.avoided === 'route') return 'no_route_avoiding_zones';
  return 'unreachable';
}

/**
 * A drive that keeps out of `zones`: on every update it checks the robot's pose (the backend's
 * own odometry, never the simulator's truth) and ends the drive, stopping the robot, the moment
 * its centre crosses into one; a drive that arrives says which zones it avoided.
 */
export function keepingOut(step: Step, backend: RobotBackend, zones: readonly Zone[]): Step {
  if (zones.length === 0) return step;
  const names = zones.map((z) => z.name);
  return {
    start: () => step.start(),
    watch(report) {
      const { pose } = backend.readState();
      const entered = zoneEntered(zones, pose);
      if (entered) {
        const code: FailureCode = 'entered_avoided_zone';
        return { ok: false, code, message: `the robot crossed into ${entered.name} at (${round(pose.x, 2)}, ${round(pose.y, 2)}), a zone this drive had to keep out of; stopped there` };
      }
      const end = step.watch(report);
      return end?.ok ? { ...end, result: { ...end.result, avoided_zones: names } } : end;
    },
    halt: (reason) => step.halt(reason),
  };
}

/** A drive to a point (and heading), planned around `avoid`'s zones and watched to keep out of them. */
export function driveStep(backend: RobotBackend, limits: MotionLimits, target: Vec2 & { heading?: number }, avoid: readonly Zone[]): Step {
  const goal = { kind: 'goto' as const, target: { x: target.x, y: target.y }, limits, ...(target.heading !== undefined ? { heading: target.heading } : {}), ...(avoid.length ? { avoid } : {}) };
  return keepingOut(motionStep(backend, goal), backend, avoid);
}
