import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { labelOfId, splitLabel } from '../../src/core/names.js';
import { toToolResultBlock } from '../../src/agent/tool-adapter.js';
import { missionScript } from '../../src/agent/planner/mission-planner.js';
import { readReply, type PlannerIo, type ToolReply } from '../../src/agent/planner/planner-session.js';
import { failureResult } from '../../src/mcp/tool-result.js';
import { ground } from './planner-map.js';

/**
 * The planner when the robot relabels an object between the planner's look and its approach —
 * rare in the built-in scenarios, so the robot's side is scripted here. Results are built with
 * the tools' own failureResult and reach the planner through the same conversion a real mission
 * uses; the relabel's message is gibberish, so only its code and `renamed_to` can steer the planner.
 */
function scriptedRobot(seen: Array<{ id: string; x: number }>, renamed: Record<string, string>, unknown: string[] = []) {
  const calls: string[] = [];
  let held: string | null = null;
  const reply = (result: CallToolResult): ToolReply => readReply([{ role: 'user', content: [toToolResultBlock('toolu_1', result)] }]);
  const success = (data: Record<string, unknown>) => reply({ content: [{ type: 'text', text: 'ok' }, { type: 'text', text: JSON.stringify(data) }], structuredContent: data });
  const io: PlannerIo = {
    has: () => true,
    async call(name, args) {
      const id = args.object_id as string | undefined;
      calls.push(id ? `${name} ${id}` : name);
      switch (name) {
        case 'get_robot_status':
          return success({ state: 'IDLE', armed: true, emergency_stop: false, battery: 0.9, pose: { x: 1, y: 1, heading_deg: 0 }, holding: null });
        case 'detect_objects':
        case 'scan_surroundings':
          return success({
            detections: seen.map((o) => ({ id: o.id, label: labelOfId(o.id), ...splitLabel(labelOfId(o.id)), position: { x: o.x, y: 1 } })),
          });
        case 'approach_object':
          if (unknown.includes(id!)) return reply(failureResult('unknown_object', 'bv qq trel'));
          return renamed[id!] ? reply(failureResult('object_relabelled', 'zq xv wkk plo', { renamed_to: renamed[id!] })) : success({ object_id: id });
        case 'grasp_object':
          held = id!;
          seen = seen.filter((o) => o.id !== id);
          return success({ holding: id });
        case 'release_object':
          // Lands in bin_a (x 0.5–1.5, y 0.5–1.5 on the test map), where the check looks for it.
          if (held) seen = [...seen, { id: held, x: 0.7 + 0.25 * seen.filter((o) => o.x < 1.5).length }];
          held = null;
          return success({ released: id ?? null });
        default:
          return success({});
      }
    },
  };
  return { io, calls };
}

/** Grounded in a map with bin_a; the planner itself gets no map, so it does not explore a room this script does not model. */
function run(instruction: string, robot: ReturnType<typeof scriptedRobot>) {
  const grounded = ground(instruction, ['bin_a']);
  if ('refusal' in grounded) throw new Error(grounded.refusal);
  return missionScript(grounded, null)(robot.io);
}

describe('the planner when the robot no longer knows an id', () => {
  it('carries on with the new id when the object is still what was asked for', async () => {
    const robot = scriptedRobot([{ id: 'red_cube#1', x: 2 }, { id: 'red_cube#2', x: 4 }], { 'red_cube#1': 'red_cube#3' });
    const verdict = await run('put all the red cubes in bin_a', robot);
    expect(verdict).toMatchObject({ outcome: 'succeeded', summary: 'Put red_cube#3, red_cube#2 in bin_a.', goals: [{ text: 'all red cubes in bin_a', status: 'met' }] });
    expect(robot.calls.filter((c) => c.startsWith('grasp_object'))).toEqual(['grasp_object red_cube#3', 'grasp_object red_cube#2']);
  });

  it('leaves it, and says what it turned out to be, when it is not', async () => {
    const robot = scriptedRobot([{ id: 'yellow_cube#1', x: 2 }, { id: 'red_cube#1', x: 4 }], { 'yellow_cube#1': 'yellow_cylinder#1' });
    const verdict = await run('put all the cubes in bin_a', robot);
    expect(verdict).toMatchObject({ outcome: 'succeeded', summary: 'Put red_cube#1 in bin_a. yellow_cube#1 turned out to be yellow_cylinder#1.' });
    expect(robot.calls.some((c) => c.includes('yellow_cylinder'))).toBe(false);
  });

  it('drops an id the robot no longer knows (a double sighting it merged)', async () => {
    const robot = scriptedRobot([{ id: 'red_cube#1', x: 2 }, { id: 'red_cube#2', x: 4 }], {}, ['red_cube#2']);
    const verdict = await run('put all the red cubes in bin_a', robot);
    expect(verdict).toMatchObject({ outcome: 'succeeded', summary: 'Put red_cube#1 in bin_a. red_cube#2 turned out to be a second sighting of one of them.' });
    expect(robot.calls.filter((c) => c.endsWith('red_cube#2'))).toEqual(['approach_object red_cube#2']);
  });
});
