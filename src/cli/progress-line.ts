/** How far one tool call has got, as its last progress notification said. */
export interface CallProgress {
  name: string;
  progress: number;
  total?: number;
  /** The server's words, e.g. "3.2 m to go" from the robot's motions. */
  message?: string;
}

const BAR_WIDTH = 20;

/** The share done, 0..1: progress of total, or progress itself when the server sends no total. */
export function fractionDone({ progress, total }: CallProgress): number {
  const f = total ? progress / total : progress;
  return Number.isFinite(f) ? Math.min(1, Math.max(0, f)) : 0;
}

/** Cells fill as the percent counts, rounding down: the bar is full only when the call is done. */
export function progressBar(fraction: number, width = BAR_WIDTH): string {
  const filled = Math.floor(fraction * width);
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

/**
 * The live line on a terminal: name, bar, percent and the server's message (metres to go), cut to
 * fit one row short of the width — a line that wraps could no longer be redrawn in place.
 */
export function renderLiveLine(call: CallProgress, columns: number): string {
  const fraction = fractionDone(call);
  const line = `  ⋯ ${call.name} ${progressBar(fraction)} ${percent(fraction)}${call.message ? ` · ${call.message}` : ''}`;
  return fitWidth(line, columns - 1);
}

/** The plain line for logs and pipes, where nothing is redrawn. */
export function renderPlainLine(call: CallProgress): string {
  return `  ⋯ ${call.name} ${percent(fractionDone(call)).trim()}${call.message ? ` · ${call.message}` : ''}`;
}

function percent(fraction: number): string {
  return `${Math.floor(fraction * 100)}%`.padStart(4);
}

function fitWidth(line: string, width: number): string {
  const chars = Array.from(line);
  if (chars.length <= width) return line;
  return `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}
