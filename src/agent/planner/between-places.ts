import type { PlannerMap } from './beliefs.js';
import { insideArea } from './map-areas.js';

/**
 * "Between bin a and the shelf": the spot halfway between the two zones' centres. A spot that
 * falls on furniture or inside another zone is not between them in any useful sense (the robot
 * could not stand or put anything there, or it would be in that zone): refused, saying why.
 */
type Point = { x: number; y: number };

/** Furniture this close to the spot leaves no room to stand there or put something down. */
const CLEARANCE_M = 0.3;

export function spotBetween(map: PlannerMap | null, a: string, b: string): { point: Point } | { problem: string } {
  const [za, zb] = [a, b].map((name) => map?.zones.find((z) => z.name === name));
  if (!za || !zb) return { problem: `I do not know where ${!za ? a : b} is on the map` };
  if (za === zb) return { problem: `"between ${a} and ${b}" names one place twice` };
  const point = { x: round((za.center.x + zb.center.x) / 2), y: round((za.center.y + zb.center.y) / 2) };
  const said = `the spot halfway between ${a} and ${b}, (${point.x}, ${point.y}),`;
  const zone = map!.zones.find((z) => insideArea(point, z));
  if (zone) return { problem: `${said} is in ${zone.name}: say a point (x, y) or a place` };
  const obstacle = map!.obstacles.find((o) => insideArea(point, o, CLEARANCE_M));
  if (obstacle) return { problem: `${said} is on or against ${obstacle.id}: say a point (x, y) or a place` };
  return { point };
}

const round = (v: number) => Math.round(v * 100) / 100;
