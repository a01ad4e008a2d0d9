import { describe, expect, it } from 'vitest';
import { parseInstruction } from '../../src/agent/planner/instruction.js';
import { missionScript } from '../../src/agent/planner/mission-planner.js';
import type { PlannerIo, ToolReply } from '../../src/agent/planner/planner-session.js';
import { unknownObjectError } from '../../src/mcp/tools/robot/unknown-object.js';
import type { Robot } from '../../src/robot/robot.js';

/**
 * The planner when the robot relabels an object between the planner's look and its approach —
 * rare in the built-in scenarios, so the robot's side is scripted here. The error text comes from
 * the real tool helper, so the planner and the tools cannot drift apart.
 */
function scriptedRobot(seen: Array<{ id: string; x: number }>, renamed: Record<string, string>) {
  const calls: string[] = [];
  const relabelError = (id: string) => unknownObjectError({ renamedObject: (old: string) => renamed[old], seenObjects: () => [] } as unknown as Robot, id);
  const reply = (ok: boolean, text: string, data: Record<string, unknown> = {}): ToolReply => ({ ok, text, data });
  const io: PlannerIo = {
    has: () => true,
    async call(name, args) {
      const id = args.object_id as string | undefined;
      calls.push(id ? `${name} ${id}` : name);
      switch (name) {
        case 'get_robot_status':
          return reply(true, 'IDLE', { state: 'IDLE', armed: true, emergency_stop: false, battery: 0.9, pose: { x: 1, y: 1, heading_deg: 0 }, holding: null });
        case 'detect_objects':
        case 'scan_surroundings':
          return reply(true, 'seen', {
            detections: seen.map((o) => {
              const [color, shape] = o.id.replace(/#\d+$/, '').split('_');
              return { id: o.id, label: `${color}_${shape}`, color, shape, position: { x: o.x, y: 1 } };
            }),
          });
        case 'approach_object':
          return renamed[id!] ? reply(false, relabelError(id!)) : reply(true, `facing ${id}`);
        case 'grasp_object':
          return reply(true, `holding ${id}`, { holding: id });
        default:
          return reply(true, 'done');
      }
    },
  };
  return { io, calls };
}

const run = (instruction: string, robot: ReturnType<typeof scriptedRobot>) => missionScript(parseInstruction(instruction), null)(robot.io);

describe('the planner after a relabel', () => {
  it('carries on with the new id when the object is still what was asked for', async () => {
    const robot = scriptedRobot([{ id: 'red_cube#1', x: 2 }, { id: 'red_cube#2', x: 4 }], { 'red_cube#1': 'red_cube#3' });
    const verdict = await run('put all the red cubes in bin_a', robot);
    expect(verdict).toEqual({ outcome: 'succeeded', summary: 'Put red_cube#3, red_cube#2 in bin_a.' });
    expect(robot.calls.filter((c) => c.startsWith('grasp_object'))).toEqual(['grasp_object red_cube#3', 'grasp_object red_cube#2']);
  });

  it('leaves it, and says what it turned out to be, when it is not', async () => {
    const robot = scriptedRobot([{ id: 'yellow_cube#1', x: 2 }, { id: 'red_cube#1', x: 4 }], { 'yellow_cube#1': 'yellow_cylinder#1' });
    const verdict = await run('put all the cubes in bin_a', robot);
    expect(verdict).toEqual({ outcome: 'succeeded', summary: 'Put red_cube#1 in bin_a. yellow_cube#1 turned out to be yellow_cylinder#1.' });
    expect(robot.calls.some((c) => c.includes('yellow_cylinder'))).toBe(false);
  });
});
