import { performance } from 'node:perf_hooks';
import type { MissionEvent } from '../agent/mission-events.js';
import type { ConfirmationPolicy } from '../agent/tool-host.js';
import { MissionRuntime } from '../runtime/mission-runtime.js';
import { parseScenario } from '../sim/scenario.js';
import type { ObjectDetector } from '../vision/detector.js';
import { fileLineSink } from './file-sink.js';
import { MissionRecorder, storedResult } from './recorder.js';
import type { ReplayEvent } from './replay-format.js';
import { buildReplayHeader, detectorHash, scenarioHash } from './replay-header.js';
import { readReplay, ReplayFileError, type Replay } from './replay-reader.js';
import { ReplayProvider } from './replay-provider.js';

type Finished = Extract<ReplayEvent, { type: 'tool_call_finished' }>;

export interface Divergence {
  /** 1-based index of the tool call. */
  call: number;
  tool: string;
  what: string;
  recorded: unknown;
  actual: unknown;
  /** Path of the first differing value and both values, one line. */
  diff: string;
}

export interface ReplayVerdict {
  file: string;
  instruction: string;
  ok: boolean;
  calls: number;
  outcome: { recorded: string; actual: string };
  divergence?: Divergence;
  notes: string[];
  wallMs: number;
}

export interface ReplayOptions {
  version: string;
  /** Share one loaded detector across many replays. */
  sharedDetector?: ObjectDetector;
  /** Record the replayed mission too (provider "replay"), e.g. to check replays of replays. */
  recordTo?: string;
}

/**
 * Rebuilds the recorded world, feeds the recorded model turns back through the replay provider,
 * re-executes every tool call for real and compares each result with the recording.
 */
export async function verifyReplay(fileOrReplay: string | Replay, opts: ReplayOptions): Promise<ReplayVerdict> {
  const replay = typeof fileOrReplay === 'string' ? readReplay(fileOrReplay) : fileOrReplay;
  const { header, events } = replay;
  const wall0 = performance.now();
  const scenario = parseScenario(header.scenario.content, `${replay.file} (scenario)`);
  if (scenarioHash(scenario) !== header.scenario.sha256) throw new ReplayFileError(`${replay.file}: the embedded scenario does not match its hash (the file was edited)`);
  if (header.session && !header.session.initialWorld) {
    throw new ReplayFileError(
      `${replay.file} is mission ${header.session.mission} of an interactive session and started from the world earlier missions left behind; only a session's first mission can be verified on its own`,
    );
  }
  if (header.config.externalServers.length) {
    throw new ReplayFileError(`${replay.file} used external MCP servers (${header.config.externalServers.join(', ')}), which replays cannot re-run`);
  }
  const notes: string[] = [];
  if (!opts.sharedDetector && detectorHash() !== header.config.detectorSha256) notes.push('the detector model differs from the one recorded');

  const clockValues = events.filter((e): e is Extract<ReplayEvent, { type: 'clock' }> => e.type === 'clock').map((e) => e.value);
  const recorder = opts.recordTo
    ? new MissionRecorder(
        fileLineSink(opts.recordTo),
        buildReplayHeader({
          programVersion: opts.version,
          recordedAt: new Date(),
          scenario,
          seed: header.seed,
          provider: 'replay',
          model: header.model,
          providerNote: `a replay of ${replay.file} (recorded with ${header.provider})`,
          instruction: header.instruction,
          maxSteps: header.config.maxSteps,
          maxTotalTokens: header.config.maxTotalTokens,
          parameters: header.config.parameters,
          externalServers: [],
        }),
      )
    : undefined;
  const approvals = events.filter((e): e is Extract<ReplayEvent, { type: 'confirmation' }> => e.type === 'confirmation');
  const runtime = await MissionRuntime.open({
    scenario,
    seed: header.seed,
    sharedDetector: opts.sharedDetector,
    wallClock: () => {
      const v = clockValues.shift();
      if (v === undefined) throw new Error('the mission read the clock more often than recorded');
      recorder?.recordClock(v);
      return v;
    },
    version: opts.version,
  });
  for (const [name, value] of Object.entries(header.config.parameters)) runtime.simRobot.robot.parameters.set(name, value);

  const recorded = events.filter((e): e is Finished => e.type === 'tool_call_finished');
  const actual: Finished[] = [];
  let divergence: Divergence | undefined;
  const abort = new AbortController();
  const onEvent = (e: MissionEvent) => {
    recorder?.onEvent(e);
    if (e.type !== 'tool_call_finished' || divergence) return;
    const mine: Finished = { ...e, result: storedResult(e.result) };
    actual.push(mine);
    divergence = compareCall(actual.length, recorded[actual.length - 1], mine);
    if (divergence) abort.abort();
  };
  const confirmation: ConfirmationPolicy = {
    mode: 'recorded',
    next: () => {
      const recorded = approvals.shift();
      return recorded ? { approved: recorded.approved, by: recorded.by } : { approved: false, by: 'policy' };
    },
  };
  let outcome = 'error';
  try {
    const run = await runtime.runMission({
      instruction: header.instruction,
      provider: new ReplayProvider(events, header.model),
      maxSteps: header.config.maxSteps,
      maxTotalTokens: header.config.maxTotalTokens,
      confirmation,
      signal: abort.signal,
      onEvent,
      wallMs: () => performance.now(),
    });
    outcome = run.outcome;
  } finally {
    recorder?.close();
    await runtime.close();
  }
  const finished = events.at(-1) as Extract<ReplayEvent, { type: 'mission_finished' }>;
  if (!divergence && actual.length < recorded.length) {
    divergence = { call: actual.length + 1, tool: recorded[actual.length]!.name, what: 'the replay ended before this recorded call', recorded: recorded[actual.length]!.name, actual: null, diff: 'call missing' };
  }
  if (!divergence && outcome !== finished.outcome) {
    divergence = { call: actual.length, tool: '(outcome)', what: 'the mission outcome differs', recorded: finished.outcome, actual: outcome, diff: `outcome: recorded ${finished.outcome}, actual ${outcome}` };
  }
  return {
    file: replay.file,
    instruction: header.instruction,
    ok: !divergence,
    calls: actual.length,
    outcome: { recorded: finished.outcome, actual: outcome },
    ...(divergence ? { divergence } : {}),
    notes,
    wallMs: Math.round(performance.now() - wall0),
  };
}

function compareCall(index: number, recorded: Finished | undefined, actual: Finished): Divergence | undefined {
  if (!recorded) return { call: index, tool: actual.name, what: 'an extra call the recording does not have', recorded: null, actual: actual.name, diff: 'extra call' };
  const a = { name: actual.name, args: actual.args, result: actual.result, simSeconds: actual.simSeconds };
  const r = { name: recorded.name, args: recorded.args, result: recorded.result, simSeconds: recorded.simSeconds };
  const diff = firstDifference(r, a);
  return diff ? { call: index, tool: recorded.name, what: 'the result differs', recorded: r, actual: a, diff } : undefined;
}

/** The first path where two JSON values differ, with both values, or null when equal. */
export function firstDifference(recorded: unknown, actual: unknown, path = ''): string | null {
  if (Object.is(recorded, actual)) return null;
  const bothObjects = typeof recorded === 'object' && typeof actual === 'object' && recorded !== null && actual !== null;
  if (bothObjects && Array.isArray(recorded) === Array.isArray(actual)) {
    const keys = [...new Set([...Object.keys(recorded as object), ...Object.keys(actual as object)])];
    for (const k of keys) {
      const d = firstDifference((recorded as Record<string, unknown>)[k], (actual as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
      if (d) return d;
    }
    return null;
  }
  const show = (v: unknown) => (v === undefined ? '(missing)' : clip(JSON.stringify(v)));
  return `${path || '(value)'}: recorded ${show(recorded)}, actual ${show(actual)}`;
}

function clip(s: string): string {
  return s.length > 160 ? `${s.slice(0, 157)}...` : s;
}
