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
  /** A line for the person on stderr (a lost server): `robot-agent: TEXT`, never inside a live progress line. */
  warn(text: string): void;
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
  // External servers' status lines are for the person too, connecting and connected included.
  const warnOn = (action: SessionAction): string | undefined => (action.type === 'note' && (action.level !== 'info' || action.source === 'mcp') ? action.text : undefined);

  if (format === 'json') {
    return {
      toolCalls,
      show(action) {
        collect(action);
        const warning = warnOn(action);
        if (warning !== undefined) this.warn(warning);
      },
      warn: (text) => io.stderr.write(`robot-agent: ${text}\n`),
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
        // Warnings stay on stderr for a person watching too; the stream has them as notices.
        const warning = warnOn(action);
        if (warning !== undefined) io.stderr.write(`robot-agent: ${warning}\n`);
      },
      warn: (text) => {
        emit({ type: 'notice', level: 'warning', message: text });
        io.stderr.write(`robot-agent: ${text}\n`);
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
  return {
    toolCalls,
    show(action) {
      collect(action);
      if (action.type === 'note') {
        const warning = warnOn(action);
        if (warning === undefined) display.writeLine(`  ${action.text}`);
        else this.warn(warning);
        return;
      }
      // A one-shot session throws instead of `interrupted`, and run answers confirmations itself.
      if (action.type === 'interrupted' || action.type === 'awaiting_approval') return;
      display.onEvent(action);
      printer(action);
    },
    warn: (text) => display.aside(() => io.stderr.write(`robot-agent: ${text}\n`)),
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
