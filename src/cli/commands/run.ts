import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline/promises';
import type { ConfirmationPolicy } from '../../agent/tool-host.js';
import { stillConnectingLines } from '../../mcp/client/status-line.js';
import { MissionSession, type SessionAction } from '../../runtime/mission-session.js';
import { RecordingError } from '../../runtime/session-recordings.js';
import { fileSystemProblem } from '../fs-errors.js';
import { EXIT_FAILURE, EXIT_USAGE, UserError, type CliIo } from '../io.js';
import { chosenOutputFormat, type OutputFormat } from '../output-format.js';
import { buildRunReport } from '../run-report.js';
import { createRunOutput, type RunOutput } from '../run-output.js';
import { sessionConfigFrom, type MissionFlags } from '../session-options.js';

export interface RunOptions extends MissionFlags {
  json?: boolean;
  output?: OutputFormat;
  yes?: boolean;
  /** A path, false for --no-record, or undefined for the recordings folder. */
  record?: string | false;
  /** --record-dir; else the config's recordDir, else the per-user state folder. */
  recordDir?: string;
}

/**
 * `robot-agent run "<instruction>"`: plan and carry out one mission, a one-shot mission session;
 * exit 0 only on success. A bad scenario, config, provider or detector model propagates: main
 * words it through cli/user-errors.
 */
export async function runRun(io: CliIo, instruction: string, opts: RunOptions): Promise<number> {
  if (!instruction.trim()) throw new UserError('the instruction is empty; say what the robot should do, e.g. robot-agent run "pick up the red cube"', EXIT_USAGE);
  const format = chosenOutputFormat(opts);
  const config = await sessionConfigFrom(io, opts, opts.record === false ? false : { dir: opts.recordDir });
  const setup = { instruction, scenario: config.scenario.name, seed: opts.seed };
  const output = createRunOutput(io, format, setup);
  const abort = new AbortController();
  const onSigint = interruptHandler(io, output, abort, (code) => process.exit(code));
  process.on('SIGINT', onSigint);

  const wall0 = performance.now();
  let session: MissionSession | undefined;
  try {
    session = await MissionSession.open({ ...config, confirmation: confirmationPolicy(io, opts, format, output), oneShot: true }, (action: SessionAction) => output.show(action));
    const run = await session.runMission(instruction, { signal: abort.signal, ...(typeof opts.record === 'string' ? { recordTo: opts.record } : {}) });
    if (!run) throw new Error('a one-shot mission ended without an outcome');
    // A server that never got ready is said so, not left at "connecting".
    for (const line of stillConnectingLines(session.getState().mcpServers)) output.tellPerson(line);
    output.finish(buildRunReport(setup, session.getState(), run, output.toolCalls, performance.now() - wall0));
    return run.outcome === 'succeeded' ? 0 : 1;
  } catch (e) {
    if (e instanceof RecordingError) {
      // A path the person chose that is taken is their usage to change; a folder that cannot be
      // written is a failure of the file system, exit 1 as every command's (see fs-errors.ts).
      if (e.fileExists) throw new UserError(`${e.path} already exists; choose another --record path or remove it`, EXIT_USAGE);
      throw new UserError(`${fileSystemProblem(e.cause) ?? `cannot write the recording ${e.path}: ${e.message}`}; choose another --record-dir (or --record path), or --no-record`, EXIT_FAILURE);
    }
    throw e;
  } finally {
    output.close();
    process.off('SIGINT', onSigint);
    await session?.close();
    await config.robot?.close();
    await config.extensions?.close();
  }
}

/** Ctrl-C cancels the mission (the robot is stopped); a second one quits at once. */
export function interruptHandler(io: CliIo, output: RunOutput, abort: AbortController, exit: (code: number) => void): () => void {
  return () => {
    if (abort.signal.aborted) {
      output.close(); // else the live progress line stays on the screen after the process
      exit(130);
      return;
    }
    output.aside(() => io.stderr.write('\nrobot-agent: cancelling the mission and stopping the robot (Ctrl-C again to quit at once)\n'));
    abort.abort();
  };
}

function confirmationPolicy(io: CliIo, opts: RunOptions, format: OutputFormat, output: RunOutput): ConfirmationPolicy {
  if (opts.yes) return { mode: 'approve-all' };
  const stdin = io.stdin;
  // A program reads the output: nobody is there to answer (as with no terminal).
  if (!stdin?.isTTY || format !== 'text') return { mode: 'refuse' };
  return {
    mode: 'ask',
    // The question takes the live progress line's row: no redraw may write over it meanwhile.
    ask: ({ name, args }) =>
      output.whilePaused(async () => {
        const rl = createInterface({ input: stdin, output: io.stderr as NodeJS.WritableStream });
        // Ctrl-C at the question reaches readline, not the process (the terminal is in raw mode):
        // it is the same Ctrl-C as anywhere else in the run, so the call is denied and the process
        // told, which cancels the mission (a second one quits). Unheard, the run waited forever.
        const interrupted = new AbortController();
        rl.once('SIGINT', () => {
          interrupted.abort();
          process.emit('SIGINT', 'SIGINT');
        });
        try {
          const answer = await rl.question(`robot-agent: allow ${name} ${JSON.stringify(args)}? [y/N] `, { signal: interrupted.signal });
          return /^y(es)?$/i.test(answer.trim());
        } catch (e) {
          if (interrupted.signal.aborted) return false;
          throw e;
        } finally {
          rl.close();
        }
      }),
  };
}
