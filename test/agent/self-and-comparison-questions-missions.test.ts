import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';
import { warehouseScenarioFile } from '../helpers/scenario-file.js';

/**
 * Questions about the robot and comparisons from a place (self-and-comparison-questions-wording
 * reads them) on the real runtime, judged by the simulator's truth: where it started is where
 * the scenario put it; "which is nearer to the shelf" names the object that truly is; a count
 * against a number says yes or no as the true count has it.
 */
const mission = plannerMissions();
const warehouse = () => warehouseScenarioFile('self-questions', (w) => w);

describe('questions about itself and comparisons from a place, on the real runtime', { timeout: 300_000 }, () => {
  it('"where did you start from?" is where the scenario put it, with no drive', async () => {
    const { run, calls } = await mission(warehouse(), 1, 'where did you start from?');
    expect(run.outcome, run.summary).toBe('succeeded');
    // The warehouse puts the robot at (1, 1), in home.
    expect(run.summary).toMatch(/^I started at \(1, 1\), in home\./);
    expect(calls.map((c) => c.name)).not.toContain('navigate_to');
  });

  it('"which is nearer to the shelf, the red cube or the blue cube?" names the red cube, which is', async () => {
    const { run } = await mission(warehouse(), 1, 'which is nearer to the shelf, the red cube or the blue cube?');
    expect(run.outcome, run.summary).toBe('succeeded');
    const shelf = { x: 8.4, y: 7.1 };
    const [red, blue] = ['red_cube', 'blue_cube'].map((id) => run.world.objects.find((o) => o.id === id)!);
    expect(Math.hypot(red!.x - shelf.x, red!.y - shelf.y)).toBeLessThan(Math.hypot(blue!.x - shelf.x, blue!.y - shelf.y));
    expect(run.summary).toMatch(/^red_cube#\d+ \(seen at [^)]*\)\) is closer to shelf/);
  });

  it('"are there fewer than 3 cubes in this room?" is yes: the warehouse has two', async () => {
    const { run } = await mission(warehouse(), 1, 'are there fewer than 3 cubes in this room?');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.objects.filter((o) => o.shape === 'cube')).toHaveLength(2);
    expect(run.summary).toMatch(/^Yes: I count 2 cubes after searching the whole room/);
  });
});
