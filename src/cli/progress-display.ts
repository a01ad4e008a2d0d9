import { performance } from 'node:perf_hooks';
import { clearLine, cursorTo } from 'node:readline';
import type { MissionEvent } from '../agent/mission-events.js';
import { renderLiveLine, renderPlainLine, type CallProgress } from './progress-line.js';

/** Lines between plain progress lines of one call: a log of a 7 s drive gets three, not thirty. */
export const PLAIN_PROGRESS_INTERVAL_MS = 2000;

export interface ProgressDisplayOptions {
  /** A terminal: one live line redrawn in place. Otherwise: plain lines, throttled. */
  tty: boolean;
  /** The terminal's width, read at each redraw (it may be resized). */
  columns?: () => number;
  /** Wall clock in ms, for throttling only (a person's pace, not the robot's). */
  now?: () => number;
  /** Least time between plain lines of one call, counted from its start. */
  intervalMs?: number;
}

/**
 * The progress of long tool calls under `run`'s transcript. It owns the bottom of the stream: every
 * transcript line goes through `writeLine`, which lifts the live line, writes, and puts it back, so
 * the two never mix on one row.
 */
export interface ProgressDisplay {
  /** Follows the calls: started, progress, finished (other events pass by). */
  onEvent(event: MissionEvent): void;
  writeLine(line: string): void;
  /** Runs a write to another stream on the same terminal (stderr) with the live line lifted. */
  aside(write: () => void): void;
  /** Clears the live line and draws none until `resume`: a question is being asked on its row. */
  pause(): void;
  /** Draws the live line again after `pause`, as the calls stand now. */
  resume(): void;
  /** Clears the live line for good (the run is over). */
  close(): void;
}

export function createProgressDisplay(stream: NodeJS.WritableStream, opts: ProgressDisplayOptions): ProgressDisplay {
  return opts.tty ? liveDisplay(stream, opts.columns ?? (() => 80)) : plainDisplay(stream, opts.now ?? (() => performance.now()), opts.intervalMs ?? PLAIN_PROGRESS_INTERVAL_MS);
}

/** A terminal: the call that last reported progress is drawn on one row that is redrawn in place. */
function liveDisplay(stream: NodeJS.WritableStream, columns: () => number): ProgressDisplay {
  // Insertion order is update order (an updated call is moved to the end): the last one is shown.
  const calls = new Map<string, CallProgress>();
  let drawn = false;
  let paused = false;
  const clear = () => {
    if (!drawn) return;
    cursorTo(stream, 0);
    clearLine(stream, 0);
    drawn = false;
  };
  const draw = () => {
    const shown = [...calls.values()].at(-1);
    if (!shown || paused) return clear();
    cursorTo(stream, 0);
    clearLine(stream, 0);
    stream.write(renderLiveLine(shown, columns()));
    drawn = true;
  };
  const aside = (write: () => void) => {
    const wasDrawn = drawn;
    clear();
    write();
    if (wasDrawn) draw();
  };
  return {
    onEvent(event) {
      if (event.type === 'tool_call_progress') {
        calls.delete(event.callId);
        calls.set(event.callId, progressOf(event));
        draw();
      } else if (event.type === 'tool_call_finished' && calls.delete(event.callId)) {
        draw();
      }
    },
    writeLine: (line) => aside(() => stream.write(`${line}\n`)),
    aside,
    pause: () => {
      paused = true;
      clear();
    },
    resume: () => {
      paused = false;
      draw();
    },
    close: clear,
  };
}

/** Not a terminal (a log, a pipe, CI): a plain line per call at most every `intervalMs`, the first
 *  one `intervalMs` after it started, so quick calls print none. */
function plainDisplay(stream: NodeJS.WritableStream, now: () => number, intervalMs: number): ProgressDisplay {
  const lastLine = new Map<string, number>();
  return {
    onEvent(event) {
      if (event.type === 'tool_call_started') lastLine.set(event.callId, now());
      else if (event.type === 'tool_call_finished') lastLine.delete(event.callId);
      else if (event.type === 'tool_call_progress') {
        const t = now();
        const last = lastLine.get(event.callId) ?? t;
        if (!lastLine.has(event.callId)) lastLine.set(event.callId, t);
        if (t - last < intervalMs) return;
        lastLine.set(event.callId, t);
        stream.write(`${renderPlainLine(progressOf(event))}\n`);
      }
    },
    writeLine: (line) => stream.write(`${line}\n`),
    aside: (write) => write(),
    pause: () => {},
    resume: () => {},
    close: () => {},
  };
}

function progressOf(event: Extract<MissionEvent, { type: 'tool_call_progress' }>): CallProgress {
  return { name: event.name, progress: event.progress, ...(event.total !== undefined ? { total: event.total } : {}), ...(event.message ? { message: event.message } : {}) };
}
