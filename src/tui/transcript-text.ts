import type { TranscriptState } from './transcript.js';
import { formatArgs, toolTime, transcriptRows, wrap, type Row } from './transcript-rows.js';

/**
 * The conversation as plain text, every result in full: what the session leaves in the terminal's
 * scrollback when it ends (the UI itself draws on the alternate screen, which keeps nothing).
 */

const MARK = { running: '…', awaiting: '?', ok: '✓', error: '✗' } as const;

/** A row's words without colour; a tool row carries its one-line result unless the full one follows. */
export function rowText(row: Row): string {
  if (row.kind !== 'tool') return row.text;
  const e = row.entry;
  const args = formatArgs(e.args);
  const head = `  ${MARK[e.status]} ${e.name}${args ? ` ${args}` : ''}`;
  if (e.status === 'running' || e.status === 'awaiting') return `${head}${e.progressText ? ` ${e.progressText}` : ''}`;
  return `${head}${toolTime(e)}${row.expanded ? '' : ` → ${e.summary ?? ''}`}`;
}

/** The whole conversation with every result in full, wrapped to `width`, one string per line. */
export function transcriptText(state: TranscriptState, width: number): string[] {
  const w = Math.max(10, width);
  return transcriptRows(state, w, true).flatMap((row) => hangingWrap(rowText(row), w));
}

/** Rows are already wrapped but a tool line is not: its continuation goes under its text, not at the margin. */
function hangingWrap(text: string, width: number): string[] {
  if (text.length <= width) return [text];
  const indent = ' '.repeat(/^\s*/.exec(text)![0].length + 2);
  const [first = '', ...rest] = wrap(text, width);
  return [first, ...wrap(rest.join(' '), width - indent.length).map((line) => indent + line)];
}
