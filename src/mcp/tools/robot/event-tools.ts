import { z } from 'zod';
import { EVENT_KINDS } from '../../../robot/event-log.js';
import { round } from '../../../core/geometry.js';
import { defineTool } from '../../tool-declaration.js';
import type { RobotToolContext } from './context.js';

export const eventSchema = z.object({
  seq: z.number().int(),
  t: z.number().describe('robot time, seconds'),
  kind: z.enum(EVENT_KINDS),
  message: z.string(),
});

export const queryEvents = defineTool<RobotToolContext>()({
  name: 'query_events',
  title: 'What happened',
  description: 'The robot event log: state changes, operations, safety, parameters, battery and perception — e.g. since_seconds=30 for "the last 30 seconds".',
  input: {
    since_seconds: z.number().min(0).optional().describe('only events from the last N seconds of robot time'),
    kinds: z.array(z.enum(EVENT_KINDS)).optional(),
    limit: z.number().int().min(1).max(500).default(100),
  },
  output: z.object({ events: z.array(eventSchema), now: z.number() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  category: 'events',
  needsConfirmation: false,
  timeoutSeconds: 5,
  async handler({ robot }, { since_seconds, kinds, limit }) {
    const events = robot.events.query(robot.now(), since_seconds, kinds, limit).map((e) => ({ seq: e.seq, t: round(e.t), kind: e.kind, message: e.message }));
    return { output: { events, now: round(robot.now()) }, summary: events.length ? events.map((e) => `[${e.t}s] ${e.message}`).join('\n') : 'no events in that window' };
  },
});
