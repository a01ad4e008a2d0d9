import { describe, expect, it } from 'vitest';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { runtimesClosedAfterEach, runTestMission } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * A room the robot cannot get into (its door shut) is not part of the search for "the X": the
 * views behind the wall are not driven for, so the floor the robot can reach is searched whole and
 * the one X there is acted on. The views behind the wall had each been tried in turn, and three
 * out of reach ended the search as if the robot were boxed in: "the red cube" was refused as
 * perhaps not the only one. Judged by the simulator's final world.
 */
const openRuntime = runtimesClosedAfterEach();

/** The warehouse with a 4 m wide store room east of it behind a wall with no door. */
const withShutStoreRoom = () =>
  warehouseScenarioFile('shut-store-room', (w) => ({
    ...w,
    room: { width: 14, depth: 8 },
    obstacles: [...w.obstacles, { id: 'store_room_wall', x: 10.1, y: 4.0, width: 0.2, depth: 8.0, height: 2.4, color: '#d0d0d0' }],
  }));

describe('searching a map with a shut room', { timeout: 300_000 }, () => {
  it('"put the red cube in bin a" searches the floor it can reach and delivers it', async () => {
    const runtime = await openRuntime(withShutStoreRoom(), 1);
    const run = await runTestMission(runtime, 'put the red cube in bin a', new PlannerProvider(), { maxSteps: 100 });
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.objects.find((o) => o.id === 'red_cube')?.zone).toBe('bin_a');
  });
});
