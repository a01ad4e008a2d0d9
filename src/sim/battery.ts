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

/**
 * Expected charge used by driving a path of this length: its distance, the time at a cautious
 * average speed (half the top speed, since trips start and end at rest and stop at corners)
 * plus a few seconds, and some turning on the way.
 */
export function estimateTripDrain(config: RobotConfig, pathLengthM: number): number {
  const b = config.battery;
  const seconds = pathLengthM / (0.5 * config.maxLinearSpeed) + 3;
  const radians = Math.PI + 0.5 * pathLengthM;
  return b.drainPerMetre * pathLengthM + b.drainPerSecond * seconds + b.drainPerRadian * radians;
}
