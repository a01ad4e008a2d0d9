import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A scenario written where the runtime can load it by path; atomically, as test files run in parallel. */
export function scenarioFile(scenario: { name: string } & Record<string, unknown>): string {
  const dir = join(tmpdir(), 'robot-agent-test-scenarios');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${scenario.name}.json`);
  writeFileSync(`${file}.${process.pid}`, JSON.stringify(scenario));
  renameSync(`${file}.${process.pid}`, file);
  return file;
}

/** The warehouse's room, rack and crate (not its pallet) with its home, shelf and dock: the layout
 *  of the rooms a red-team run wrote to catch the planner out, each with objects of its own. */
export const RED_TEAM_LAYOUT = {
  room: { width: 10, depth: 8 },
  obstacles: [
    { id: 'rack', x: 4.2, y: 4.6, width: 0.6, depth: 3.0 },
    { id: 'crate', x: 2.4, y: 3.0, width: 0.6, depth: 0.6 },
  ],
  zones: [
    { name: 'home', x: 1.0, y: 1.0, width: 1.2, depth: 1.2 },
    { name: 'shelf', x: 8.4, y: 7.1, width: 2.2, depth: 1.0 },
    { name: 'charging_dock', x: 0.7, y: 7.2, width: 0.9, depth: 0.9 },
  ],
  robot: { x: 1.0, y: 1.0, heading: 0, battery: 0.9 },
};

/** Two racks making a 1.4 m aisle down a 12 x 8 m room (y 3.3 to 4.7), home at its west end. */
export const AISLE_LAYOUT = {
  room: { width: 12, depth: 8 },
  obstacles: [
    { id: 'rack_south', x: 7.0, y: 3.0, width: 10.0, depth: 0.6, height: 1.8 },
    { id: 'rack_north', x: 7.0, y: 5.0, width: 10.0, depth: 0.6, height: 1.8 },
  ],
  home: { name: 'home', x: 1.0, y: 4.0, width: 1.2, depth: 1.2 },
  dock: { name: 'charging_dock', x: 0.6, y: 7.4, width: 0.8, depth: 0.8 },
  robot: { x: 1.0, y: 4.0, heading: 0, battery: 0.9 },
};
