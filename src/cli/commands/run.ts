import { homedir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline/promises';
import type { MissionEvent } from '../../agent/mission-events.js';
import type { ConfirmationPolicy } from '../../agent/tool-host.js';
import { ConfigError, loadConfig } from '../../config/config-file.js';
import { openMissionRecording } from '../../runtime/mission-recording.js';
import { MissionRuntime, type MissionOptions } from '../../runtime/mission-runtime.js';
import { chooseProvider, ProviderChoiceError } from '../../runtime/provider-choice.js';
import { loadScenario, ScenarioError } from '../../sim/scenario.js';
import { DetectorError } from '../../vision/detector-error.js';
import type { MissionRecorder } from '../../replay/recorder.js';
import { recordingPath } from '../../replay/file-sink.js';
import { UserError, writeJson, writeLine, type CliIo } from '../io.js';
import { createMissionPrinter } from '../mission-printer.js';
import { PROGRAM_VERSION } from '../version.js';

export interface RunOptions {
  scenario: string;
  seed: number;
  provider?: 'planner' | 'anthropic';
  model?: string;
  maxSteps: number;
  maxTokens?: number;
  realtime?: boolean;
  json?: boolean;
  yes?: boolean;
  config?: string;
  detectorModel?: string;
  detectorLabels?: string;
  /** A path, false for --no-record, or undefined for the default recordings directory. */
  record?: string | false;
  recordDir: string;
}

/** `robot-agent run "<instruction>"`: plan and carry out one mission; exit 0 only on success. */
export async function runRun(io: CliIo, instruction: string, opts: RunOptions): Promise<number> {
  if (!instruction.trim()) throw new UserError('the instruction is empty; say what the robot should do, e.g. robot-agent run "pick up the red cube"', 2);
  const scenario = userErrors(() => loadScenario(opts.scenario));
  const config = await loadConfig({ explicitPath: opts.config, env: io.env, cwd: process.cwd(), homedir: homedir() }).catch((e: unknown) => {
    throw e instanceof ConfigError ? new UserError(e.message, 2) : e;
  });
  const choice = userErrors(() => chooseProvider(io.env, opts));
  const provider = await choice.create();
  const abort = new AbortController();
  const onSigint = () => {
    if (abort.signal.aborted) process.exit(130);
    io.stderr.write('\nrobot-agent: cancelling the mission and stopping the robot (Ctrl-C again to quit at once)\n');
    abort.abort();
  };
  process.on('SIGINT', onSigint);

  const toolCalls: Array<{ name: string; args: Record<string, unknown>; isError: boolean; durationMs: number; simSeconds: number }> = [];
  const printer = opts.json ? undefined : createMissionPrinter((line) => writeLine(io.stdout, line));
  const onEvent = (event: MissionEvent) => {
    if (event.type === 'tool_call_finished') toolCalls.push({ name: event.name, args: event.args, isError: event.isError, durationMs: event.wallMs, simSeconds: event.simSeconds });
    printer?.(event);
  };

  const wall0 = performance.now();
  let runtime: MissionRuntime | undefined;
  let replayPath: string | null = null;
  try {
    runtime = await MissionRuntime.open({
      scenario,
      seed: opts.seed,
      realtime: opts.realtime,
      detector: { modelPath: opts.detectorModel, labelsPath: opts.detectorLabels },
      servers: config.servers,
      preloadDetector: true,
      wallClock: Date.now,
      version: PROGRAM_VERSION,
      onServerLost: (message) => io.stderr.write(`robot-agent: ${message}\n`),
    });
    const mission: MissionOptions = {
      instruction,
      provider,
      maxSteps: opts.maxSteps,
      maxTotalTokens: opts.maxTokens,
      confirmation: confirmationPolicy(io, opts),
      signal: abort.signal,
      onEvent,
      wallMs: () => performance.now(),
    };
    let recorder: MissionRecorder | undefined;
    if (opts.record !== false) {
      replayPath = opts.record ?? recordingPath(opts.recordDir, instruction, new Date());
      recorder = startRecording(runtime, mission, replayPath, choice.note);
    }
    const run = await runtime.runMission({ ...mission, recorder });
    if (opts.json) {
      writeJson(io.stdout, {
        instruction,
        scenario: scenario.name,
        seed: opts.seed,
        provider: provider.name,
        model: provider.model,
        outcome: run.outcome,
        summary: run.summary,
        steps: run.steps,
        toolCalls,
        wallMs: Math.round(performance.now() - wall0),
        missionWallMs: run.wallMs,
        simSeconds: run.simSeconds,
        usage: run.usage,
        ...(run.costUsd !== undefined ? { costUsd: run.costUsd } : {}),
        replayPath,
        world: run.world,
      });
    }
    if (replayPath && !opts.json) writeLine(io.stdout, `  recorded to ${replayPath}`);
    return run.outcome === 'succeeded' ? 0 : 1;
  } catch (e) {
    if (e instanceof DetectorError) throw new UserError(e.message, 1);
    throw e;
  } finally {
    process.off('SIGINT', onSigint);
    await runtime?.close();
  }
}

function startRecording(runtime: MissionRuntime, mission: MissionOptions, path: string, providerNote: string | undefined): MissionRecorder {
  try {
    return openMissionRecording(runtime, mission, { path, recordedAt: new Date(), ...(providerNote ? { providerNote } : {}) });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(code === 'EEXIST' ? `${path} already exists; choose another --record path or remove it` : `cannot write the recording ${path}: ${(e as Error).message}`, 2);
  }
}

function confirmationPolicy(io: CliIo, opts: RunOptions): ConfirmationPolicy {
  if (opts.yes) return { mode: 'approve-all' };
  const stdin = io.stdin;
  if (!stdin?.isTTY || opts.json) return { mode: 'refuse' };
  return {
    mode: 'ask',
    ask: async ({ name, args }) => {
      const rl = createInterface({ input: stdin, output: io.stderr as NodeJS.WritableStream });
      try {
        const answer = await rl.question(`robot-agent: allow ${name} ${JSON.stringify(args)}? [y/N] `);
        return /^y(es)?$/i.test(answer.trim());
      } finally {
        rl.close();
      }
    },
  };
}

function userErrors<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ScenarioError || e instanceof ProviderChoiceError) throw new UserError(e.message, 2);
    throw e;
  }
}
