import { performance } from 'node:perf_hooks';
import type { MissionEvent } from '../agent/mission-events.js';
import type { ConfirmationPolicy } from '../agent/tool-host.js';
import { storedResult } from '../replay/recorder.js';
import type { ReplayEvent } from '../replay/replay-format.js';
import { detectorHash, scenarioHash } from '../replay/replay-header.js';
import { readReplay, ReplayFileError, type Replay } from '../replay/replay-reader.js';
import { parseScenario, type Scenario } from '../sim/scenario.js';
import type { ObjectDetector } from '../vision/detector.js';
import { defaultModelPath } from '../vision/model-paths.js';
import { openMissionRecording } from './mission-recording.js';
import { MissionRuntime, type MissionOptions } from './mission-runtime.js';
import { compareCall, compareEnding, type Divergence, type FinishedCall } from './replay-compare.js';
import { replayCancellation } from './replay-cancel.js';
import { ReplayProvider } from './replay-provider.js';

export type { Divergence } from './replay-compare.js';

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
 *
 * It runs on the MissionRuntime and the shared recording header (openMissionRecording), as the
 * mission session does beneath, not through a MissionSession: a replay has no operator and
 * nothing to show, and everything a session would choose comes from the file instead. Going
 * through the session would take a provider built from the file rather than a ProviderChoice, a
 * get_time clock apart from the one that names recordings (the recorded readings must reach
 * get_time alone), a detector left unloaded until a tool needs it (a model that fails to load is
 * then a divergence, not a start-up error), and the recorded parameters set before the mission:
 * four switches used by nothing else.
 */
export async function verifyReplay(fileOrReplay: string | Replay, opts: ReplayOptions): Promise<ReplayVerdict> {
  const replay = typeof fileOrReplay === 'string' ? readReplay(fileOrReplay) : fileOrReplay;
  const { header, events } = replay;
  const wall0 = performance.now();
  const scenario = replayableScenario(replay);
  const notes: string[] = [];
  if (!opts.sharedDetector && detectorHash(defaultModelPath()) !== header.config.detectorSha256) notes.push('the detector model differs from the one recorded');

  const clockValues = ofType(events, 'clock').map((e) => e.value);
  const approvals = ofType(events, 'confirmation');
  const runtime = await MissionRuntime.open({
    scenario,
    seed: header.seed,
    sharedDetector: opts.sharedDetector,
    wallClock: () => {
      const v = clockValues.shift();
      if (v === undefined) throw new Error('the mission read the clock more often than recorded');
      return v;
    },
    version: opts.version,
  });
  for (const [name, value] of Object.entries(header.config.parameters)) runtime.simRobot.robot.parameters.set(name, value);

  const recorded = ofType(events, 'tool_call_finished');
  const actual: FinishedCall[] = [];
  let divergence: Divergence | undefined;
  const abort = new AbortController();
  const cancelAsRecorded = replayCancellation(events, runtime.assembly, () => abort.abort());
  const onEvent = (e: MissionEvent) => {
    cancelAsRecorded?.(e);
    if (e.type !== 'tool_call_finished' || divergence) return;
    const mine: FinishedCall = { ...e, result: storedResult(e.result) };
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
  const mission: MissionOptions = {
    instruction: header.instruction,
    provider: new ReplayProvider(events, header.model),
    maxSteps: header.config.maxSteps,
    maxTotalTokens: header.config.maxTotalTokens,
    confirmation,
    signal: abort.signal,
    onEvent,
  };
  let outcome: string;
  try {
    const recorder = opts.recordTo
      ? openMissionRecording(runtime, mission, { path: opts.recordTo, recordedAt: new Date(), providerNote: `a replay of ${replay.file} (recorded with ${header.provider})` })
      : undefined;
    outcome = (await runtime.runMission({ ...mission, recorder })).outcome;
  } finally {
    await runtime.close();
  }
  const finished = events.at(-1) as Extract<ReplayEvent, { type: 'mission_finished' }>;
  divergence ??= compareEnding(recorded, actual.length, { recorded: finished.outcome, actual: outcome });
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

/** The recorded scenario, when the recording can be verified on its own; else why not, as a ReplayFileError. */
function replayableScenario({ file, header }: Replay): Scenario {
  if (header.robot) {
    const { backend, profile, master } = header.robot;
    const which = [profile && `profile ${profile}`, master && `on ${master}`].filter(Boolean).join(' ');
    throw new ReplayFileError(`${file} was recorded on a ${backend} robot${which ? ` (${which})` : ''} and cannot be re-executed without that robot; replay --show ${file} prints what happened`);
  }
  const scenario = parseScenario(header.scenario.content, `${file} (scenario)`);
  if (scenarioHash(scenario) !== header.scenario.sha256) throw new ReplayFileError(`${file}: the embedded scenario does not match its hash (the file was edited)`);
  if (header.session && !header.session.initialWorld) {
    throw new ReplayFileError(
      `${file} is mission ${header.session.mission} of an interactive session and started from the world earlier missions left behind; only a session's first mission can be verified on its own`,
    );
  }
  if (header.config.externalServers.length) {
    throw new ReplayFileError(`${file} used external MCP servers (${header.config.externalServers.join(', ')}), which replays cannot re-run`);
  }
  return scenario;
}

function ofType<T extends ReplayEvent['type']>(events: readonly ReplayEvent[], type: T): Extract<ReplayEvent, { type: T }>[] {
  return events.filter((e): e is Extract<ReplayEvent, { type: T }> => e.type === type);
}
