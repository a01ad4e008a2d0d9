import { describe, expect, it } from 'vitest';
import { distanceToRect } from '../../src/core/geometry.js';
import { DriveLog } from '../../src/agent/planner/drive-log.js';
import { Beliefs } from '../../src/agent/planner/beliefs.js';
import { checkKeptOut } from '../../src/agent/planner/kept-out.js';
import type { ToolReply } from '../../src/agent/planner/planner-session.js';
import type { SkillContext } from '../../src/agent/planner/skills/skill-context.js';
import { PlannerProvider } from '../../src/agent/providers/planner.js';
import { runTestMission, runtimesClosedAfterEach } from '../helpers/runtime.js';
import { ground, mapWithZones, refusalOf as refusal, WAREHOUSE_ZONES } from './planner-map.js';

/**
 * "avoid Z" in an instruction (#15): grounded to a zone of the map and refused up front when a
 * goal needs the robot in Z (quoting both); otherwise passed as avoid_zones on every drive of
 * the mission, and checked at the end from the robot's own results — on the real runtime
 * (simulator, robot, embedded MCP server, the real detector), the world's truth agreeing.
 */
const openRuntime = runtimesClosedAfterEach();

describe('grounding "avoid Z"', () => {
  it('reads Z as a zone of the map for every drive to keep out of', () => {
    for (const text of ['go to bin a, avoid bin b', "bring the red cube to bin a but don't go through bin b", 'go to the shelf and stay out of bin b']) {
      const g = ground(text);
      if ('refusal' in g) throw new Error(`${text}: refused: ${g.refusal}`);
      expect(g.keepOut, text).toEqual([{ said: 'bin b', zone: 'bin_b' }]);
    }
  });

  it('refuses, before moving, a goal that needs the robot in Z, quoting both', () => {
    expect(refusal('go to bin b, avoid bin b')).toMatch(/"avoid bin b" contradicts going to bin_b/);
    expect(refusal("put the red cube in bin b but don't go through bin b")).toMatch(/contradicts putting the red cube in bin_b/);
    expect(refusal('get the green cube from bin b and bring it to bin a, avoid bin b')).toMatch(/contradicts fetching the green cube in bin_b/);
    expect(refusal('charge the battery but keep out of the charging dock')).toMatch(/contradicts charging/);
  });

  it('still lists the zones when Z is not on the map', () => {
    expect(refusal('go to bin a, avoid the kitchen')).toMatch(/do not know a place called "kitchen": this map has/);
  });
});

describe('checking "avoid Z" from the robot\'s own account', () => {
  const reply = (data: unknown): ToolReply => ({ ok: true, text: '', data, error: null });
  const context = (log: DriveLog) => ({ robot: { driveLog: log }, beliefs: new Beliefs(mapWithZones(WAREHOUSE_ZONES)) }) as unknown as SkillContext;
  const keep = [{ said: 'bin b', zone: 'bin_b' }];

  it('holds when every drive kept out and says so, and no reported pose lies in Z', () => {
    const log = new DriveLog(keep);
    const args = log.argsFor('navigate_to', { x: 5, y: 1 });
    expect(args).toEqual({ x: 5, y: 1, avoid_zones: ['bin_b'] });
    expect(log.argsFor('detect_objects', {})).toEqual({});
    log.record('navigate_to', args, reply({ pose: { x: 5, y: 1 }, operation: { result: { avoided_zones: ['bin_b'] } } }));
    expect(checkKeptOut(context(log), 'bin b', 'kept out of bin b')).toMatchObject({ status: 'met', evidence: expect.stringMatching(/1 drive\(s\), each planned around bin_b/) });
  });

  it('does not hold when a drive went unguarded, did not confirm, or a pose lies in Z', () => {
    const unguarded = new DriveLog(keep);
    unguarded.record('navigate_to', { x: 5, y: 1 }, reply({ pose: { x: 5, y: 1 } }));
    expect(checkKeptOut(context(unguarded), 'bin b', 't')).toMatchObject({ status: 'unmet', evidence: expect.stringMatching(/without being told to keep out of bin_b/) });
    const inside = new DriveLog(keep);
    // mapWithZones puts bin_b (the fourth zone) at x 3.5..4.5, y 0.5..1.5.
    inside.record('get_robot_status', {}, reply({ pose: { x: 4, y: 1 } }));
    expect(checkKeptOut(context(inside), 'bin b', 't')).toMatchObject({ status: 'unmet', evidence: expect.stringMatching(/standing in bin_b at \(4, 1\)/) });
  });
});

describe('missions that keep out of a zone', { timeout: 240_000 }, () => {
  async function mission(instruction: string) {
    const runtime = await openRuntime('warehouse', 1);
    const binB = runtime.simRobot.sim.world.map.zones.find((z) => z.name === 'bin_b')!;
    let closest = Infinity;
    const { backend } = runtime.simRobot.sim;
    backend.onUpdate(() => (closest = Math.min(closest, distanceToRect(binB, backend.readState().pose))));
    const run = await runTestMission(runtime, instruction, new PlannerProvider(), { maxSteps: 100 });
    const drives = run.events.flatMap((e) => (e.type === 'tool_call_started' && ['navigate_to', 'navigate_to_zone', 'approach_object', 'release_object'].includes(e.name) ? [e] : []));
    return { run, drives, closest: () => closest };
  }

  it('goes to bin a around bin b, which the straight way crosses, and checks it kept out', async () => {
    const { run, drives, closest } = await mission('go to bin a, avoid bin b');
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.robot.zone).toBe('bin_a');
    expect(drives.length).toBeGreaterThan(0);
    for (const d of drives) expect(d.args.avoid_zones, d.name).toEqual(['bin_b']);
    expect(closest()).toBeGreaterThan(0.2); // the truth agrees: the robot never came near
    expect(run.goals).toContainEqual({ text: 'kept out of bin b', status: 'met', evidence: expect.stringMatching(/planned around bin_b/) });
  });

  it('fetches the red cube into bin a without going through bin b', async () => {
    const { run, drives, closest } = await mission("bring the red cube to bin a but don't go through bin b");
    expect(run.outcome, run.summary).toBe('succeeded');
    expect(run.world.objects.find((o) => o.id === 'red_cube')!.zone).toBe('bin_a');
    for (const d of drives) expect(d.args.avoid_zones, d.name).toEqual(['bin_b']);
    expect(closest()).toBeGreaterThan(0.2);
    expect(run.goals?.at(-1)).toMatchObject({ text: 'kept out of bin b', status: 'met' });
  });

  it('refuses before moving when the destination is the zone to avoid', async () => {
    const { run, drives } = await mission('go to bin b but avoid bin b');
    expect(run.outcome).toBe('failed');
    expect(run.steps).toBe(0);
    expect(drives).toEqual([]);
    expect(run.summary).toMatch(/"(?:but )?avoid bin b" contradicts going to bin_b/);
  });

  it('searches around a zone it keeps out of, not into it: a view inside is skipped, and every ball is found', async () => {
    // lab-wing: the coverage plan's second view lies inside the packing area, where the red ball is.
    const runtime = await openRuntime('bench/agent-suite/scenarios/lab-wing.json', 1);
    const run = await runTestMission(runtime, 'find all the balls, avoid the packing area', new PlannerProvider(), { maxSteps: 100 });
    expect(run.outcome, run.summary).toBe('succeeded');
    for (const ball of run.world.objects.filter((o) => o.shape === 'ball')) expect(run.summary).toContain(`${ball.color} ball`);
    expect(run.world.robot.zone).not.toBe('packing_area');
    const refused = run.events.flatMap((e) => (e.type === 'tool_call_finished' && e.isError ? [e.name] : []));
    expect(refused).toEqual([]);
  });
});
