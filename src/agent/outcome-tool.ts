import type { Tool } from '@anthropic-ai/sdk/resources/messages';

/**
 * The agent's own tool (not an MCP tool): the model ends a mission by reporting its outcome,
 * so "succeeded" is a claim the model makes explicitly, never inferred from silence.
 */
export const REPORT_TOOL_NAME = 'report_mission_outcome';

export const REPORT_TOOL: Tool = {
  name: REPORT_TOOL_NAME,
  description:
    'Call this exactly once, last, to end the mission: outcome "succeeded" only if the task was really done (check with tools), "failed" otherwise; summary is one or two sentences for the person, saying what was done or why it could not be.',
  input_schema: {
    type: 'object',
    properties: {
      outcome: { type: 'string', enum: ['succeeded', 'failed'] },
      summary: { type: 'string' },
    },
    required: ['outcome', 'summary'],
  },
};

export interface ReportedOutcome {
  outcome: 'succeeded' | 'failed';
  summary: string;
}

export function parseReport(input: unknown): ReportedOutcome | { error: string } {
  const i = input as { outcome?: unknown; summary?: unknown } | null;
  if (!i || (i.outcome !== 'succeeded' && i.outcome !== 'failed') || typeof i.summary !== 'string' || !i.summary.trim()) {
    return { error: 'report_mission_outcome needs outcome "succeeded" or "failed" and a non-empty summary' };
  }
  return { outcome: i.outcome, summary: i.summary.trim() };
}
