import { countSoFar, fractionDone, filledCells, percentDone } from '../core/progress.js';

/** How far one tool call has got, as its last progress notification said. */
export interface CallProgress {
  name: string;
  progress: number;
  total?: number;
  /** The server's words, e.g. "3.2 m to go" from the robot's motions. */
  message?: string;
}

const BAR_WIDTH = 20;

/** `████░░░░` with `fraction` (0..1) filled. */
export function progressBar(fraction: number, width = BAR_WIDTH): string {
  const filled = filledCells(fraction, width);
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

/**
 * The live line on a terminal: name, bar, percent and the server's message (metres to go), cut to
 * fit one row short of the width — a line that wraps could no longer be redrawn in place. Without
 * a total there is no share to draw: the count so far stands instead of the bar.
 */
export function renderLiveLine(call: CallProgress, columns: number): string {
  const fraction = fractionDone(call);
  const amount = fraction === undefined ? countSoFar(call.progress) : `${progressBar(fraction)} ${percent(fraction)}`;
  return fitWidth(`  ⋯ ${call.name} ${amount}${message(call)}`, columns - 1);
}

/** The plain line for logs and pipes, where nothing is redrawn. */
export function renderPlainLine(call: CallProgress): string {
  const fraction = fractionDone(call);
  return `  ⋯ ${call.name} ${fraction === undefined ? countSoFar(call.progress) : percent(fraction).trim()}${message(call)}`;
}

function message(call: CallProgress): string {
  return call.message ? ` · ${call.message}` : '';
}

function percent(fraction: number): string {
  return `${percentDone(fraction)}%`.padStart(4);
}

function fitWidth(line: string, width: number): string {
  const chars = Array.from(line);
  if (chars.length <= width) return line;
  return `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}
