import type { Rect } from './geometry.js';

/** The map a robot is given: room size, obstacles and named zones (a backend supplies it). */

export interface Obstacle extends Rect {
  id: string;
  height: number;
  color: string;
}

export interface Zone extends Rect {
  name: string;
  color: string;
}

/** The static map: what a robot may know without looking (room, obstacles, zones). */
export interface StaticMap {
  width: number;
  depth: number;
  obstacles: Obstacle[];
  zones: Zone[];
}

/** Zones named like this charge the robot, on every backend. */
export function isDockZone(name: string): boolean {
  return name === 'charging_dock' || name.startsWith('charging_dock_');
}
