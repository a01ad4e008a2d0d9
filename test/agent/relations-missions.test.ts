import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { runTestMission, runtimesClosedAfterEach } from '../helpers/runtime.js';

/**
 * Relations and "leave it alone" on a real runtime (the embedded server, the real detector): a
 * room whose objects are told apart only by where they are, the robot facing east so that its
 * own left (north) is not the map's left (west). Judged by the simulator's final world.
 */
const ROOM = {
  name: 'by-the-walls',
  summary: 'A 9 x 7 m room with look-alike objects against the walls and on a workbench',
  room: { width: 9, depth: 7 },
  lighting: { brightness: 1, ambient: 0.45, wallColor: '#c9c4b8', floorColor: '#9c9a94' },
  obstacles: [{ id: 'crate', x: 2.4, y: 5.6, width: 0.6, depth: 0.6, height: 0.8, color: '#7d6a55' }],
  zones: [
    { name: 'bin_a', x: 7.8, y: 1.0, width: 1.0, depth: 1.0, color: '#8fb3c9' },
    { name: 'workbench', x: 7.4, y: 5.6, width: 1.6, depth: 1.2, color: '#c2a878' },
    { name: 'charging_dock', x: 0.7, y: 6.3, width: 0.9, depth: 0.9, color: '#9bc98f' },
  ],
  objects: [
    { id: 'red_cube_west', color: 'red', shape: 'cube', size: 0.12, x: 0.45, y: 3.0 },
    { id: 'red_cube_middle', color: 'red', shape: 'cube', size: 0.12, x: 3.0, y: 2.0 },
    { id: 'blue_ball_north', color: 'blue', shape: 'ball', size: 0.12, x: 4.5, y: 6.55 },
    { id: 'blue_ball_south', color: 'blue', shape: 'ball', size: 0.12, x: 5.5, y: 0.45 },
    { id: 'green_cube_bench', color: 'green', shape: 'cube', size: 0.12, x: 7.4, y: 5.6 },
    { id: 'green_cube_floor', color: 'green', shape: 'cube', size: 0.12, x: 4.5, y: 4.6 },
  ],
  robot: { x: 4.5, y: 3.5, heading: 0, battery: 0.9 },
};

function roomFile(): string {
  const dir = join(tmpdir(), `robot-agent-relations-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'by-the-walls.json');
  writeFileSync(file, JSON.stringify(ROOM));
  return file;
}

const openRuntime = runtimesClosedAfterEach();

async function run(instruction: string) {
  const runtime = await openRuntime(roomFile(), 1);
  const r = await runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: 80 });
  const at = (id: string) => r.world.objects.find((o) => o.id === id)!;
  const start = (id: string) => ROOM.objects.find((o) => o.id === id)!;
  const moved = (id: string) => Math.hypot(at(id).x - start(id).x, at(id).y - start(id).y) > 0.05;
  return { ...r, at, moved };
}

describe('objects picked out by where they are, on a real runtime', () => {
  it('"the cube against the left wall" is the one by the west wall, read on the map and said so', async () => {
    const r = await run("get the cube that's against the left wall and put it in bin a");
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.at('red_cube_west').zone).toBe('bin_a');
    expect(r.moved('red_cube_middle')).toBe(false);
    const said = r.events.flatMap((e) => (e.type === 'model_turn' ? e.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])) : [])).join(' ');
    expect(said).toMatch(/west wall \(x = 0\)/);
  }, 240_000);

  it('two balls equally by a wall are named, and neither is picked up', async () => {
    const r = await run('pick up the ball by the wall');
    expect(r.outcome).toBe('failed');
    expect(r.summary).toMatch(/blue_ball#\d.*or blue_ball#\d.*say which one/);
    expect(r.world.robot.holding).toBeNull();
  }, 240_000);

  it('"don\'t touch anything on the workbench" leaves the look-alike there alone, checked by looking again', async () => {
    const r = await run("put the green cubes in bin a, but don't touch anything on the workbench");
    expect(r.outcome, r.summary).toBe('succeeded');
    expect(r.at('green_cube_floor').zone).toBe('bin_a');
    expect(r.moved('green_cube_bench')).toBe(false);
    expect(r.goals).toContainEqual(expect.objectContaining({ text: 'left anything on the workbench alone', status: 'met', evidence: expect.stringMatching(/still where I first saw it/) }));
  }, 240_000);
});
