import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

/** The built-in warehouse (missions/scenarios/warehouse.json) changed by `edit` and written by
 *  scenarioFile as `name`: a room for a test that differs from the warehouse in a few things. */
export function warehouseScenarioFile(name: string, edit: (warehouse: any) => Record<string, unknown>): string {
  const warehouse = JSON.parse(readFileSync(join(import.meta.dirname, '../../missions/scenarios/warehouse.json'), 'utf8'));
  return scenarioFile({ ...edit(warehouse), name });
}

/** Where a hand-built room has its home (listed first among its zones), its dock (listed last)
 *  and the robot at the start: what a `framedScenarioFile` room takes from its frame. */
interface RoomFrame {
  room: { width: number; depth: number };
  home: { name: 'home' } & Record<string, unknown>;
  dock: { name: 'charging_dock' } & Record<string, unknown>;
  robot: Record<string, unknown>;
}

/** The warehouse's 10 x 8 m room: home in the south-west corner, where the robot starts at 90%,
 *  the dock in the north-west. */
export const WAREHOUSE_FRAME: RoomFrame = {
  room: { width: 10, depth: 8 },
  home: { name: 'home', x: 1.0, y: 1.0, width: 1.2, depth: 1.2 },
  dock: { name: 'charging_dock', x: 0.7, y: 7.2, width: 0.9, depth: 0.9 },
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
} satisfies RoomFrame & { obstacles: unknown[] };

/** A tray lying on a bench, the bench listed first: an object in the tray is in both zones. */
export const BENCH_AND_TRAY = [
  { name: 'bench', x: 8.5, y: 1.0, width: 3.0, depth: 1.2 },
  { name: 'tray', x: 9.3, y: 1.0, width: 0.8, depth: 0.8 },
];

/** A room of `frame`'s size written by scenarioFile: `zones` between the frame's home and dock, the robot starting where the frame says. */
export function framedScenarioFile(frame: RoomFrame, contents: { name: string; summary: string; obstacles: unknown[]; zones: unknown[]; objects: unknown[] }): string {
  return scenarioFile({ ...contents, room: frame.room, zones: [frame.home, ...contents.zones, frame.dock], robot: frame.robot });
}

/** The warehouse's room, rack and crate (not its pallet) with its home, shelf and dock: the layout
 *  of the rooms a red-team run wrote to catch the planner out, each with objects of its own. */
export const RED_TEAM_LAYOUT = {
  room: WAREHOUSE_FRAME.room,
  obstacles: [
    { id: 'rack', x: 4.2, y: 4.6, width: 0.6, depth: 3.0 },
    { id: 'crate', x: 2.4, y: 3.0, width: 0.6, depth: 0.6 },
  ],
  zones: [WAREHOUSE_FRAME.home, { name: 'shelf', x: 8.4, y: 7.1, width: 2.2, depth: 1.0 }, WAREHOUSE_FRAME.dock],
  robot: WAREHOUSE_FRAME.robot,
};

/** A red-team room written by scenarioFile: RED_TEAM_LAYOUT with `zones` listed after its own (and `obstacles` in place of its rack and crate, if given). */
export function redTeamScenarioFile(contents: { name: string; summary: string; obstacles?: unknown[]; zones?: unknown[]; objects: unknown[] }): string {
  return scenarioFile({ ...RED_TEAM_LAYOUT, ...contents, zones: [...RED_TEAM_LAYOUT.zones, ...(contents.zones ?? [])] });
}
