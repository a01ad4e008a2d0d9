import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * A map with a part the robot can neither enter nor see into (a store room behind a wall with no
 * door): a count searches all the floor it can get to and says so, instead of claiming the whole
 * room ("I searched the whole room") or refusing every count because of the shut room; boxed into
 * a corner, with most of the room out of reach, it fails (search-scaling.test.ts). Judged by the
 * simulator's world.
 */
const mission = plannerMissions();

const withShutStoreRoom = () =>
  warehouseScenarioFile('shut-store-room-count', (w) => ({
    ...w,
    room: { width: 14, depth: 8 },
    obstacles: [...w.obstacles, { id: 'store_room_wall', x: 10.1, y: 4.0, width: 0.2, depth: 8.0, height: 2.4, color: '#d0d0d0' }],
  }));

describe('a count on a map with a shut room', { timeout: 300_000 }, () => {
  it('"how many cubes are there" counts the floor it can reach, and says a part is closed off', async () => {
    const { run } = await mission(withShutStoreRoom(), 1, 'how many cubes are there');
    expect(run.outcome, run.summary).toBe('succeeded');
    const cubes = run.world.objects.filter((o) => o.shape === 'cube').length;
    expect(run.summary).toMatch(new RegExp(`^I count ${cubes} cubes after searching all the floor I can get to \\(part of the room is closed off from it\\)`));
    expect(run.summary).not.toMatch(/whole room/);
  });
});
