import type { NoteLevel } from '../runtime/mission-session.js';
import type { Entry, ToolEntry, TranscriptState } from './transcript.js';

/** One screen line of the conversation pane. */
export type Row =
  | { kind: 'mission'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'streaming'; text: string; last: boolean }
  /** `expanded`: the call's full result follows on `result` rows, so the line leaves out its summary. */
  | { kind: 'tool'; entry: ToolEntry; expanded: boolean }
  | { kind: 'result'; text: string; error: boolean }
  | { kind: 'note'; level: NoteLevel; text: string }
  | { kind: 'outcome'; outcome: string; text: string }
  | { kind: 'detail'; text: string };

/**
 * The pane's lines at this width: long text wraps; tool calls keep to one line each, or, expanded
 * (Ctrl-O), are followed by their full arguments when cut and their whole result, wrapped.
 */
export function transcriptRows(state: TranscriptState, width: number, expanded = false): Row[] {
  const w = Math.max(10, width);
  const rows = state.entries.flatMap((e) => entryRows(e, w, expanded));
  if (state.streaming.trim()) {
    const lines = wrap(state.streaming.trim(), w - 2);
    lines.forEach((text, i) => rows.push({ kind: 'streaming', text: `  ${text}`, last: i === lines.length - 1 }));
  }
  return rows;
}

/** The rows that fit in `height`, `scroll` rows up from the bottom (clamped). */
export function visibleRows<R>(rows: R[], height: number, scroll: number): { rows: R[]; scroll: number; hidden: number } {
  const maxScroll = Math.max(0, rows.length - height);
  const s = Math.max(0, Math.min(scroll, maxScroll));
  const end = rows.length - s;
  return { rows: rows.slice(Math.max(0, end - height), end), scroll: s, hidden: Math.max(0, end - height) };
}

function entryRows(e: Entry, w: number, expanded: boolean): Row[] {
  switch (e.kind) {
    case 'mission': {
      const who = e.model && e.model !== e.provider ? `${e.provider} ${e.model}` : e.provider;
      const text = `▶ ${e.instruction}  [${who}]`;
      return (expanded ? wrap(text, w) : [text]).map((text) => ({ kind: 'mission', text }));
    }
    case 'text':
      return wrap(e.text, w - 2).map((text) => ({ kind: 'text', text: `  ${text}` }));
    case 'tool':
      return expanded && e.result !== undefined ? [{ kind: 'tool', entry: e, expanded: true }, ...resultRows(e, w)] : [{ kind: 'tool', entry: e, expanded: false }];
    case 'note':
      return wrap(e.text, w - 2).map((text, i) => ({ kind: 'note', level: e.level, text: `${i === 0 ? noteMark(e.level) : ' '} ${text}` }));
    case 'outcome':
      return [
        ...wrap(`■ ${e.outcome}: ${e.summary}`, w).map((text) => ({ kind: 'outcome' as const, outcome: e.outcome, text })),
        ...(expanded ? wrap(e.detail, w - 2) : [e.detail]).map((text) => ({ kind: 'detail' as const, text: `  ${text}` })),
      ];
  }
}

/** A finished call's arguments (when the tool line cut them) and result in full, under the call. */
function resultRows(e: ToolEntry, w: number): Row[] {
  const error = e.status === 'error';
  // The tool line is cut at the pane's edge: what it could not show (arguments, times) comes first.
  const cut = toolLineText(e, true).length > w || fullArgs(e.args) !== formatArgs(e.args);
  const times = e.simSeconds !== undefined ? `${e.simSeconds.toFixed(1)} s robot time, ${Math.round(e.wallMs ?? 0)} ms wall` : '';
  const call = [Object.keys(e.args).length ? `args: ${fullArgs(e.args)}` : '', times].filter(Boolean).join(' · ');
  const lines = [...(cut && call ? wrap(call, w - 6) : []), ...wrap(e.result || '(no text)', w - 6)];
  return lines.map((text, i) => ({ kind: 'result', error, text: `${i === 0 ? '    ⎿ ' : '      '}${text}` }));
}

const MARK = { running: '…', awaiting: '?', ok: '✓', error: '✗' } as const;

/** A tool line's words without colour (as ToolLine draws them); its one-line result unless `expanded` shows it all below. */
export function toolLineText(e: ToolEntry, expanded: boolean): string {
  const args = formatArgs(e.args);
  const head = `  ${MARK[e.status]} ${e.name}${args ? ` ${args}` : ''}`;
  if (e.status === 'running' || e.status === 'awaiting') return `${head}${e.progressText ? ` ${e.progressText}` : ''}`;
  return `${head}${toolTime(e)}${expanded ? '' : ` → ${e.summary ?? ''}`}`;
}

/** `zone=bin_a speed=0.5`: arguments compactly, strings unquoted; long ones cut with … (the full form is `fullArgs`). */
export function formatArgs(args: Record<string, unknown>): string {
  const text = fullArgs(args);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

export function fullArgs(args: Record<string, unknown>): string {
  return Object.entries(args)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
}

/** ` (13.8 s, 535 ms)`: robot time and wall time of a finished call, or nothing. */
export function toolTime(entry: ToolEntry): string {
  return entry.simSeconds !== undefined ? ` (${entry.simSeconds.toFixed(1)} s, ${Math.round(entry.wallMs ?? 0)} ms)` : '';
}

function noteMark(level: NoteLevel): string {
  return level === 'error' ? '✗' : level === 'warning' ? '⚠' : 'ℹ';
}

/** Word wrap to `width` columns, keeping the spacing inside a line; words longer than a line are cut. */
export function wrap(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const token of para.split(/(\s+)/)) {
      if (!token) continue;
      if (/^\s+$/.test(token)) {
        line += token;
        continue;
      }
      let word = token;
      if (line.trim() && line.length + word.length > w) {
        out.push(line.trimEnd());
        line = '';
      }
      while (line.length + word.length > w) {
        const room = Math.max(1, w - line.length);
        out.push(line + word.slice(0, room));
        line = '';
        word = word.slice(room);
      }
      line += word;
    }
    out.push(line.trimEnd());
  }
  return out;
}
