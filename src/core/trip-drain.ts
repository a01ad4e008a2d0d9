/** A battery's drain model: shares of a full charge used per second (electronics), per metre
 *  driven and per radian turned. */
export interface DrainModel {
  perSecond: number;
  perMetre: number;
  perRadian: number;
}

/**
 * Expected charge used by driving a path of this length: its distance, the time at a cautious
 * average speed (half the top speed, since trips start and end at rest and stop at corners)
 * plus a few seconds, and some turning on the way. Every backend prices trips this way, so the
 * battery reserve means the same on the simulator and on a real robot.
 */
export function estimateTripDrain(drain: DrainModel, maxLinearSpeed: number, pathLengthM: number): number {
  const seconds = pathLengthM / (0.5 * maxLinearSpeed) + 3;
  const radians = Math.PI + 0.5 * pathLengthM;
  return drain.perMetre * pathLengthM + drain.perSecond * seconds + drain.perRadian * radians;
}
