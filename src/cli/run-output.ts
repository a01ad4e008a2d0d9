import type { SessionAction } from '../runtime/mission-session.js';
import { writeJson, type CliIo } from './io.js';
import { createMissionPrinter } from './mission-printer.js';
import type { OutputFormat } from './output-format.js';
import { createProgressDisplay, type ProgressDisplayOptions } from './progress-display.js';
import { reportedToolCall, type ReportedToolCall, type RunReport, type RunSetup } from './run-report.js';
import { streamEventsOf, type StreamEvent } from './stream-events.js';

/** What `run` shows of a mission, in the chosen format. */
export interface RunOutput {
  /** Each session action, as it happens. */
  show(action: SessionAction): void;
  /**
   * A line for the person on stderr, `robot-agent: TEXT`, never inside a live progress line: a
   * warning (a lost server) or news they would want (a server connected).
   */
  tellPerson(text: string): void;
  /** Any other write to the terminal, with the live progress line lifted meanwhile. */
  aside(write: () => void): void;
  /** Runs a question to the person (it waits for an answer) with no live progress line drawn until it ends. */
  whilePaused<T>(ask: () => Promise<T>): Promise<T>;
  /** The mission is over and the robot safe. */
  finish(report: RunReport): void;
  /** Every call so far, as the report lists them. */
  readonly toolCalls: ReportedToolCall[];
  close(): void;
}

export function createRunOutput(io: CliIo, format: OutputFormat, setup: RunSetup, progress: Partial<ProgressDisplayOptions> = {}): RunOutput {
  const toolCalls: ReportedToolCall[] = [];
  const collect = (action: SessionAction) => {
    if (action.type === 'tool_call_finished') toolCalls.push(reportedToolCall(action));
  };
  // Warnings and errors, and external servers' status lines (connecting and connected included).
  const forPerson = (action: SessionAction): string | undefined => (action.type === 'note' && (action.level !== 'info' || action.source === 'mcp') ? action.text : undefined);
  const toStderr = (text: string) => io.stderr.write(`robot-agent: ${text}\n`);

  if (format === 'json') {
    return {
      toolCalls,
      show(action) {
        collect(action);
        const line = forPerson(action);
        if (line !== undefined) toStderr(line);
      },
      tellPerson: toStderr,
      aside: (write) => write(),
      whilePaused: (ask) => ask(),
      finish: (report) => writeJson(io.stdout, report),
      close: () => {},
    };
  }

  if (format === 'stream-json') {
    const emit = (event: StreamEvent) => io.stdout.write(`${JSON.stringify(event)}\n`);
    return {
      toolCalls,
      show(action) {
        collect(action);
        for (const event of streamEventsOf(action, setup)) emit(event);
        // These lines stay on stderr for a person watching too; the stream has them as notices.
        const line = forPerson(action);
        if (line !== undefined) toStderr(line);
      },
      tellPerson: (text) => {
        emit({ type: 'notice', level: 'warning', message: text });
        toStderr(text);
      },
      aside: (write) => write(),
      whilePaused: (ask) => ask(),
      finish: (report) => emit({ type: 'mission_finished', report }),
      close: () => {},
    };
  }

  // A dumb terminal cannot erase a line: it gets the plain lines a log gets.
  const live = io.stdout.isTTY === true && io.env.TERM !== 'dumb';
  const display = createProgressDisplay(io.stdout, { tty: live, columns: () => io.stdout.columns || 80, ...progress });
  const printer = createMissionPrinter((line) => display.writeLine(line));
  const tellPerson = (text: string) => display.aside(() => toStderr(text));
  return {
    toolCalls,
    show(action) {
      collect(action);
      if (action.type === 'note') {
        const line = forPerson(action);
        if (line === undefined) display.writeLine(`  ${action.text}`);
        else tellPerson(line);
        return;
      }
      // A one-shot session throws instead of `interrupted`, and run answers confirmations itself.
      if (action.type === 'interrupted' || action.type === 'awaiting_approval') return;
      display.onEvent(action);
      printer(action);
    },
    tellPerson,
    aside: (write) => display.aside(write),
    whilePaused: async (ask) => {
      display.pause();
      try {
        return await ask();
      } finally {
        display.resume();
      }
    },
    finish: () => {},
    close: () => display.close(),
  };
}
