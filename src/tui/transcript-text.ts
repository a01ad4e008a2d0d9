import type { TranscriptState } from './transcript.js';
import { toolLineText, transcriptRows, type Row } from './transcript-rows.js';

/**
 * The conversation as plain text, every result in full: what the session leaves in the terminal's
 * scrollback when it ends (the UI itself draws on the alternate screen, which keeps nothing).
 */

/** A row's words without colour. */
export function rowText(row: Row): string {
  return row.kind === 'tool' ? toolLineText(row.entry, row.expanded) : row.text;
}

/**
 * The whole conversation with every result in full, one string per line, none wider than `width`:
 * rows come wrapped, and a tool line too long is cut, as on screen, its arguments and times in full below it.
 */
export function transcriptText(state: TranscriptState, width: number): string[] {
  const w = Math.max(10, width);
  return transcriptRows(state, w, true).map((row) => {
    const text = rowText(row);
    return text.length > w ? `${text.slice(0, w - 1)}…` : text;
  });
}
