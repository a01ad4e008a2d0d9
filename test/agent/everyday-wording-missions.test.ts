import { describe, expect, it } from 'vitest';
import { plannerMissions } from '../helpers/runtime.js';

/**
 * Everyday wording (everyday-wording.test.ts reads it) carried out on the real runtime: embedded
 * MCP server, simulator and ONNX detector, judged by the simulator's final world. A drive by a
 * distance ends that far from where the robot stood, a turn or a facing ends at that heading, a
 * place said with "with" gets the object, a question behind "don't touch anything" moves nothing,
 * and a direction without a distance is refused before anything moves.
 */
const mission = plannerMissions();

const MOTION = new Set(['navigate_to', 'navigate_to_zone', 'approach_object', 'grasp_object', 'release_object', 'rotate']);
const GRASPS = new Set(['grasp_object', 'release_object']);
type World = Awaited<ReturnType<typeof mission>>['run']['world'];
const zoneOf = (world: World, id: string) => world.objects.find((o) => o.id === id)?.zone;
const headingDeg = (world: World) => ((world.robot as { heading: number }).heading * 180) / Math.PI;
/** The angle between two headings, degrees, the short way round. */
const off = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('everyday wording on the real runtime', { timeout: 300_000 }, () => {
  it('"move forward 1.5 m" drives 1.5 m along the heading and keeps it', async () => {
    const { run } = await mission('warehouse', 1, 'move forward 1.5 m');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(Math.hypot(run.world.robot.x - 2.5, run.world.robot.y - 1)).toBeLessThan(0.15);
    expect(off(headingDeg(run.world), 0)).toBeLessThan(5);
  });

  it('"go to bin b, then back up half a metre" backs away from where bin b left it, not from the start', async () => {
    const { run } = await mission('warehouse', 1, 'go to bin b, then back up half a metre');
    expect(run.outcome, run.summary).toBe('succeeded');
    // bin_b's centre is (7.2, 1); half a metre back along the heading it arrived with.
    const d = Math.hypot(run.world.robot.x - 7.2, run.world.robot.y - 1);
    expect(d).toBeGreaterThan(0.35);
    expect(d).toBeLessThan(0.65);
  });

  it('"turn left 90 degrees" turns on the spot to +90°', async () => {
    const { run } = await mission('dim', 1, 'turn left 90 degrees');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(off(headingDeg(run.world), 90)).toBeLessThan(5);
    expect(Math.hypot(run.world.robot.x - 1, run.world.robot.y - 1)).toBeLessThan(0.1);
  });

  it('"rotate to face the shelf" turns toward the shelf\'s centre', async () => {
    const { run } = await mission('warehouse', 1, 'rotate to face the shelf');
    expect(run.outcome, run.summary).toBe('succeeded');
    // From (1, 1) to the shelf's centre (8.4, 7.1).
    expect(off(headingDeg(run.world), (Math.atan2(6.1, 7.4) * 180) / Math.PI)).toBeLessThan(5);
  });

  it('"to bin a with the blue cube" delivers the blue cube to bin a', async () => {
    const { run } = await mission('warehouse', 1, 'to bin a with the blue cube');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(zoneOf(run.world, 'blue_cube')).toBe('bin_a');
  });

  it('"don\'t move anything, just tell me where the green ball is" answers with its place and touches nothing', async () => {
    const { run, calls } = await mission('warehouse', 1, "don't move anything, just tell me where the green ball is");
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.summary).toMatch(/\(2(?:\.\d+)?, 5\.\d+\)|\(1\.9\d*, 5\.\d+\)/);
    expect(calls.filter((c) => GRASPS.has(c.name))).toEqual([]);
  });

  it('"move forward" says no distance: refused before anything moves, saying so', async () => {
    const { run, calls } = await mission('warehouse', 1, 'move forward');
    expect(run.outcome).toBe('failed');
    expect(run.summary).toContain('how far');
    expect(calls.filter((c) => MOTION.has(c.name))).toEqual([]);
  });
});
