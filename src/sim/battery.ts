import { estimateTripDrain as estimateDrain } from '../core/trip-drain.js';
import type { RobotConfig } from './robot-config.js';

/**
 * The battery model: charge drains with time (electronics), distance (drive motors) and
 * rotation (turning in place scrubs the wheels), and refills at a fixed rate on the dock.
 */
export function batteryAfterStep(
  battery: number,
  config: RobotConfig,
  dt: number,
  metres: number,
  radians: number,
  charging: boolean,
): number {
  const b = config.battery;
  let next = battery - b.drainPerSecond * dt - b.drainPerMetre * metres - b.drainPerRadian * radians;
  if (charging) next += b.chargePerSecond * dt;
  return next < 0 ? 0 : next > 1 ? 1 : next;
}

/** Expected charge used by driving a path of this length, priced as every backend prices it. */
export function estimateTripDrain(config: RobotConfig, pathLengthM: number): number {
  const b = config.battery;
  return estimateDrain({ perSecond: b.drainPerSecond, perMetre: b.drainPerMetre, perRadian: b.drainPerRadian }, config.maxLinearSpeed, pathLengthM);
}
