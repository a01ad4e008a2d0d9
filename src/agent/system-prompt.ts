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
    `When the task is done, or cannot be done, call ${REPORT_TOOL_NAME} once with the outcome and a short summary. Claim success only for what the tools confirmed.`,
  ].join('\n');
}
