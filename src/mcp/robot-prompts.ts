import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import type { Robot } from '../robot/robot.js';
import { describeAllowed } from '../robot/parameters.js';
import { round } from '../core/geometry.js';
import type { AnyToolDeclaration } from './tool-declaration.js';
import { statusView } from './tools/robot/views.js';

/**
 * Interaction templates (Beam Bots' prompts), written from live data each time they are asked
 * for: the tools on offer, the map, parameters with their ranges, the status and recent events.
 */
/** A task or problem in a person's words: room for a paragraph, not for a flood. */
const MAX_PROMPT_ARGUMENT_LENGTH = 2000;

const userText = (description: string, text: string): GetPromptResult => ({ description, messages: [{ role: 'user', content: { type: 'text', text } }] });

export function describeMap(robot: Robot): string {
  const m = robot.backend.staticMap();
  const zones = m.zones.map((z) => `${z.name} (centre ${round((z.minX + z.maxX) / 2, 2)}, ${round((z.minY + z.maxY) / 2, 2)})`).join('; ');
  const obstacles = m.obstacles.map((o) => `${o.id} x ${round(o.minX, 2)}..${round(o.maxX, 2)}, y ${round(o.minY, 2)}..${round(o.maxY, 2)}`).join('; ');
  return `Room ${m.width} x ${m.depth} m (x east, y north, origin at the south-west corner). Zones: ${zones}. Obstacles: ${obstacles || 'none'}.`;
}

export function controlPrompt(robot: Robot, tools: readonly Pick<AnyToolDeclaration<never>, "name" | "description">[], task?: string): string {
  const toolLines = tools.map((t) => `- ${t.name}: ${t.description.split('. ')[0]}`).join('\n');
  const s = statusView(robot);
  return [
    'You control a mobile manipulator robot (differential-drive base, a gripper that holds one object, a forward camera) through MCP tools.',
    describeMap(robot),
    `Now: ${s.state}, ${s.armed ? 'armed' : 'disarmed'}${s.emergency_stop ? ', EMERGENCY STOP latched' : ''}, at (${s.pose.x}, ${s.pose.y}) heading ${s.pose.heading_deg}°, battery ${Math.round(s.battery * 100)}%, holding ${s.holding ?? 'nothing'}.`,
    'How to work safely:',
    '- Call arm before any motion. Never reset an emergency stop unless the person asked for it.',
    '- You learn where objects are only from the camera: detect_objects looks ahead (70°, about 4 m); scan_surroundings turns 360°. If an object is not found, move to another part of the room and scan again before giving up.',
    '- To pick something up: approach_object (by tracker id), then grasp_object. To put it somewhere: release_object with the zone.',
    `- Keep the battery above the reserve (${Math.round(robot.parameters.number('battery_reserve') * 100)}%): if a trip is refused, navigate_to_zone charging_dock and charge_battery first.`,
    '- Every tool result says what happened; when a tool fails, read its message and adapt. Report honestly what you could not do.',
    'Tools:',
    toolLines,
    ...(task ? [`Task: ${task}`] : []),
  ].join('\n');
}

export function registerRobotPrompts(server: McpServer, robot: Robot, tools: readonly Pick<AnyToolDeclaration<never>, "name" | "description">[]): void {
  server.registerPrompt(
    'robot_control',
    { title: 'Control the robot', description: 'Carry out a task with the robot: tools, map, status and safety rules', argsSchema: { task: z.string().max(MAX_PROMPT_ARGUMENT_LENGTH).describe('what the robot should do') } },
    ({ task }) => userText('Control the robot', controlPrompt(robot, tools, task)),
  );
  server.registerPrompt('robot_status', { title: 'Report robot status', description: 'Summarize the robot status and what happened recently' }, () => {
    const events = robot.events.query(robot.now(), 60, undefined, 30).map((e) => `[${round(e.t, 1)} s] ${e.kind}: ${e.message}`);
    return userText('Robot status', `Summarize for a person, in a few sentences, the state of this robot and anything that needs attention.\nStatus: ${JSON.stringify(statusView(robot))}\nEvents in the last 60 s:\n${events.join('\n') || '(none)'}`);
  });
  server.registerPrompt(
    'robot_configure',
    { title: 'Configure the robot', description: 'Choose parameter values for a goal', argsSchema: { goal: z.string().max(MAX_PROMPT_ARGUMENT_LENGTH).describe('e.g. "move slowly and carefully"') } },
    ({ goal }) => {
      const params = robot.parameters.definitions.map((d) => `- ${d.name} = ${robot.parameters.get(d.name)} (${describeAllowed(d)}): ${d.description}`);
      return userText('Configure the robot', `Choose parameter values for this goal and set them with set_parameter, staying within the allowed ranges.\nGoal: ${goal}\nParameters:\n${params.join('\n')}`);
    },
  );
  server.registerPrompt(
    'robot_debug',
    { title: 'Debug a robot problem', description: 'Diagnose a problem from the event log, operations and status', argsSchema: { problem: z.string().max(MAX_PROMPT_ARGUMENT_LENGTH).describe('what went wrong') } },
    ({ problem }) => {
      const events = robot.events.query(robot.now(), undefined, undefined, 40).map((e) => `[${round(e.t, 1)} s] ${e.kind}: ${e.message}`);
      const failed = robot.operations.list({ status: ['failed', 'cancelled'] }).slice(-10).map((o) => `${o.id} ${o.kind} ${o.status}: ${o.error ?? o.message}`);
      return userText(
        'Debug a robot problem',
        `Diagnose this problem and propose the next steps (tool calls) to fix it.\nProblem: ${problem}\nStatus: ${JSON.stringify(statusView(robot))}\nFailed or cancelled operations:\n${failed.join('\n') || '(none)'}\nRecent events:\n${events.join('\n') || '(none)'}`,
      );
    },
  );
}
