import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { MAP_MARKER } from './planner/beliefs.js';
import { REPORT_TOOL_NAME } from './outcome-tool.js';

/**
 * The system prompt of a mission, built from the robot server itself: its robot_control prompt
 * (tools, safety rules, status) and its map resource, so Claude and the planner see the same
 * facts. The map also goes in as one JSON line the offline planner can read.
 */
export async function buildSystemPrompt(robotClient: Client, task: string): Promise<string> {
  const prompt = await robotClient.getPrompt({ name: 'robot_control', arguments: { task } });
  const control = prompt.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n');
  const map = await robotClient.readResource({ uri: 'robot://map' });
  const mapText = map.contents[0] && 'text' in map.contents[0] ? JSON.stringify(JSON.parse(map.contents[0].text)) : '{}';
  return [
    control,
    `${MAP_MARKER}${mapText}`,
    'Before acting, turn the task into goals you can check (an object in a zone, holding an object, the robot at a place, a parameter value, a question answered, a constraint kept such as "without charging"). If a place, object or constraint cannot be matched to this map and these tools, do not move: say which words you did not understand and, for a place, which zones the map has.',
    `When the task is done, or cannot be done, check every goal again with the tools (read the status, look again at where you put things), then call ${REPORT_TOOL_NAME} once with the outcome, a short summary and the goals, each met, unmet or not_attempted with its evidence. Claim success only when every goal is met.`,
  ].join('\n');
}
