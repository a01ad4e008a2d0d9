import { z } from 'zod';

/**
 * The replay file format: JSON Lines, one header line then one line per recorded event. Every
 * line is validated on read, so a corrupted or truncated file is reported with its line number.
 */
export const REPLAY_FORMAT = 'robot-agent-replay';
export const REPLAY_VERSION = 1;

const json = z.record(z.string(), z.unknown());

export const ReplayHeader = z.object({
  type: z.literal('header'),
  format: z.literal(REPLAY_FORMAT),
  version: z.number().int().positive(),
  program: z.object({ name: z.string(), version: z.string() }),
  /** Wall-clock time the recording started (informative). */
  recordedAt: z.string(),
  scenario: z.object({ name: z.string(), sha256: z.string(), content: json }),
  seed: z.number().int(),
  provider: z.string(),
  model: z.string(),
  /** Set when the recording was made against a scripted stand-in (e.g. the local fake Messages API). */
  providerNote: z.string().optional(),
  instruction: z.string(),
  /** The robot, when not the simulator of `scenario` (absent in older recordings and simulator
   *  missions): its backend, and for a ROS robot its profile and master. Such a mission cannot be
   *  re-run without that robot. */
  robot: z.object({ backend: z.string(), profile: z.string().optional(), master: z.string().optional() }).optional(),
  /** Set for missions of an interactive session: where in the session the mission started. */
  session: z
    .object({
      id: z.string(),
      mission: z.number().int().positive(),
      /** False when earlier missions (or an operator e-stop) changed the world first. */
      initialWorld: z.boolean(),
      /** The session's earlier recordings, in order. */
      after: z.array(z.string()),
    })
    .optional(),
  config: z.object({
    maxSteps: z.number().int().positive(),
    maxTotalTokens: z.number().int().positive().optional(),
    parameters: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
    detectorSha256: z.string(),
    externalServers: z.array(z.string()),
  }),
});
export type ReplayHeader = z.infer<typeof ReplayHeader>;

const usage = z.object({ inputTokens: z.number(), outputTokens: z.number(), cacheReadTokens: z.number(), cacheWriteTokens: z.number() });

/** A tool result as stored: images replaced by their content hash. */
export const StoredResult = z.object({
  isError: z.boolean(),
  content: z.array(z.union([z.object({ type: z.literal('text'), text: z.string() }), z.object({ type: z.literal('image'), mimeType: z.string(), sha256: z.string() }), z.object({ type: z.string() }).passthrough()])),
  structuredContent: json.optional(),
});
export type StoredResult = z.infer<typeof StoredResult>;

export const ReplayEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('mission_started'), instruction: z.string(), provider: z.string(), model: z.string(), tools: z.array(z.string()), simTime: z.number() }),
  z.object({ type: z.literal('model_request'), step: z.number().int(), messageCount: z.number().int() }),
  z.object({ type: z.literal('model_turn'), step: z.number().int(), content: z.array(json), stopReason: z.string(), usage, model: z.string() }),
  z.object({ type: z.literal('tool_call_started'), callId: z.string(), name: z.string(), args: json }),
  z.object({ type: z.literal('confirmation'), callId: z.string(), name: z.string(), approved: z.boolean(), by: z.enum(['user', 'flag', 'policy']) }),
  z.object({ type: z.literal('tool_call_finished'), callId: z.string(), name: z.string(), args: json, result: StoredResult, isError: z.boolean(), wallMs: z.number(), simSeconds: z.number() }),
  z.object({ type: z.literal('telemetry'), telemetry: json }),
  z.object({ type: z.literal('notice'), level: z.enum(['info', 'warning']), message: z.string() }),
  z.object({ type: z.literal('clock'), value: z.number() }),
  /** The mission was cancelled (Ctrl-C, Esc, the operator's e-stop) at this robot time, with the
   *  robot e-stopped or not by then: a replay re-applies it at the same point. */
  z.object({ type: z.literal('cancelled'), robotTime: z.number(), estop: z.boolean() }),
  z.object({
    type: z.literal('mission_finished'),
    outcome: z.enum(['succeeded', 'failed', 'aborted']),
    summary: z.string(),
    steps: z.number().int(),
    usage,
    costUsd: z.number().optional(),
    wallMs: z.number(),
    simSeconds: z.number(),
  }),
]);
export type ReplayEvent = z.infer<typeof ReplayEvent>;
