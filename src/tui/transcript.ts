import type { MissionOutcome, Telemetry } from '../agent/mission-events.js';
import { REPORT_TOOL_NAME } from '../agent/outcome-tool.js';
import type { NoteLevel, SessionAction } from '../runtime/mission-session.js';
import { labelOfId, splitLabel } from '../core/names.js';
import { fractionDone } from '../core/progress.js';
import type { MapObject } from './robot-view.js';
import { questionLines } from './question-answer.js';

/**
 * What the conversation pane shows, built by a pure reducer over the MissionEvent stream (live
 * missions and replays alike) plus the session's own notes.
 */
export type ToolStatus = 'running' | 'awaiting' | 'ok' | 'error';

export interface ToolEntry {
  kind: 'tool';
  callId: string;
  name: string;
  args: Record<string, unknown>;
  status: ToolStatus;
  /** 0..1 when the tool reports progress of a known total. */
  progress?: number;
  /** The count so far when it reports progress without a total (MCP: rising, its end unknown). */
  count?: number;
  progressText?: string;
  summary?: string;
  /** The whole result text (every text block, images as [image]), shown when results are expanded. */
  result?: string;
  wallMs?: number;
  simSeconds?: number;
}

export type Entry =
  | { kind: 'mission'; instruction: string; provider: string; model: string; replay?: boolean }
  | { kind: 'text'; text: string }
  | ToolEntry
  | { kind: 'note'; level: NoteLevel; text: string }
  | { kind: 'outcome'; outcome: MissionOutcome; summary: string; detail: string };

export interface TranscriptState {
  entries: Entry[];
  /** Assistant text streamed so far in the current turn. */
  streaming: string;
  telemetry: Telemetry | null;
  /** Objects found in detection results: the map's source when playing a recording back. */
  detected: MapObject[];
}

/** What only the UI does to the pane: clearing it, starting to play a recording back. */
export type UiAction = { type: 'clear' } | { type: 'replay_started'; file: string };
/** The session's actions (mission events, notes, approvals) and the UI's own. */
export type TranscriptAction = SessionAction | UiAction;

const MAX_ENTRIES = 400;

export const emptyTranscript: TranscriptState = { entries: [], streaming: '', telemetry: null, detected: [] };

export function reduceTranscript(state: TranscriptState, action: TranscriptAction): TranscriptState {
  switch (action.type) {
    case 'mission_started':
      return { ...state, streaming: '', entries: add(state.entries, { kind: 'mission', instruction: action.instruction, provider: action.provider, model: action.model }) };
    case 'model_text_delta':
      return { ...state, streaming: state.streaming + action.text };
    case 'model_turn': {
      const texts = action.content.flatMap((b) => (b.type === 'text' && b.text.trim() ? [{ kind: 'text' as const, text: b.text.trim() }] : []));
      return { ...state, streaming: '', entries: add(state.entries, ...texts) };
    }
    case 'tool_call_started':
      if (action.name === REPORT_TOOL_NAME) return state;
      return { ...state, entries: add(state.entries, { kind: 'tool', callId: action.callId, name: action.name, args: action.args, status: 'running' }) };
    case 'tool_call_progress':
      return updateTool(state, action.callId, (t) => {
        const { progress: _share, count: _count, ...rest } = t;
        const fraction = fractionDone(action);
        return { ...rest, ...(fraction === undefined ? { count: action.progress } : { progress: fraction }), ...(action.message ? { progressText: action.message } : {}) };
      });
    case 'confirmation':
      return updateTool(state, action.callId, (t) => ({ ...t, status: 'running', progressText: action.approved ? `approved (${action.by})` : 'declined' }));
    case 'tool_call_finished':
      if (action.name === REPORT_TOOL_NAME) return state;
      return {
        ...updateTool(state, action.callId, (t) => ({ ...t, status: action.isError ? 'error' : 'ok', summary: firstLine(action.result), result: resultText(action.result), wallMs: action.wallMs, simSeconds: action.simSeconds })),
        detected: updateDetected(state.detected, action.name, action.result.structuredContent),
      };
    case 'telemetry':
      return { ...state, telemetry: action.telemetry };
    case 'notice':
      return { ...state, entries: add(state.entries, { kind: 'note', level: action.level, text: action.message }) };
    case 'mission_finished': {
      const tokens = action.usage.inputTokens ? `, ${action.usage.inputTokens} in / ${action.usage.outputTokens} out tokens` : '';
      const cost = action.costUsd ? `, ~$${action.costUsd.toFixed(4)}` : '';
      const detail = `${action.steps} tool call(s), ${action.simSeconds.toFixed(1)} s simulated, ${(action.wallMs / 1000).toFixed(2)} s wall${tokens}${cost}`;
      const asked = action.question ? questionLines(action.question).map((text) => ({ kind: 'note' as const, level: 'info' as const, text })) : [];
      return { ...state, streaming: '', entries: add(interruptTools(state.entries), { kind: 'outcome', outcome: action.outcome, summary: action.summary, detail }, ...asked) };
    }
    case 'note':
      return { ...state, entries: add(state.entries, { kind: 'note', level: action.level, text: action.text }) };
    case 'interrupted':
      return { ...state, streaming: '', entries: add(interruptTools(state.entries), { kind: 'note', level: 'error', text: action.text }) };
    case 'clear':
      return { ...state, entries: [], streaming: '' };
    case 'awaiting_approval': {
      const last = state.entries.findLast((e): e is ToolEntry => e.kind === 'tool' && e.name === action.name && e.status === 'running');
      return last ? updateTool(state, last.callId, (t) => ({ ...t, status: 'awaiting', progressText: 'waiting for your approval' })) : state;
    }
    case 'replay_started':
      return { ...emptyTranscript, entries: add(state.entries, { kind: 'note', level: 'info', text: `▶ playing back ${action.file}` }) };
    default:
      return state;
  }
}

function interruptTools(entries: Entry[]): Entry[] {
  return entries.map((e) => (e.kind === 'tool' && (e.status === 'running' || e.status === 'awaiting') ? { ...e, status: 'error' as const, summary: 'interrupted' } : e));
}

function add(entries: Entry[], ...more: Entry[]): Entry[] {
  if (!more.length) return entries;
  const next = [...entries, ...more];
  return next.length > MAX_ENTRIES ? next.slice(next.length - MAX_ENTRIES) : next;
}

function updateTool(state: TranscriptState, callId: string, change: (t: ToolEntry) => ToolEntry): TranscriptState {
  const i = state.entries.findLastIndex((e) => e.kind === 'tool' && e.callId === callId);
  if (i < 0) return state;
  const entries = [...state.entries];
  entries[i] = change(entries[i] as ToolEntry);
  return { ...state, entries };
}

type ResultContent = { content?: ReadonlyArray<{ type: string; text?: unknown }> };

/** The first line of a tool result's text (live results and recorded ones alike). */
export function firstLine(result: ResultContent): string {
  const content = result.content ?? [];
  const text = content.find((c) => c.type === 'text' && typeof c.text === 'string')?.text as string | undefined;
  return (text ?? (content.some((c) => c.type === 'image') ? '[image]' : '')).split('\n')[0]!.trim();
}

/** A tool result's whole text: each block on its own line, a picture as [image]. */
export function resultText(result: ResultContent): string {
  return (result.content ?? [])
    .map((c) => (c.type === 'text' && typeof c.text === 'string' ? c.text.trim() : c.type === 'image' ? '[image]' : `[${c.type}]`))
    .join('\n');
}

type Json = Record<string, unknown> | undefined;

/** Keeps the objects detection results reported; an object in the gripper leaves the floor. */
function updateDetected(objects: MapObject[], tool: string, out: Json): MapObject[] {
  if (!out) return objects;
  const found = Array.isArray(out.detections) ? out.detections : tool === 'get_robot_status' && Array.isArray(out.last_detections) ? out.last_detections : [];
  let next = objects;
  for (const d of found as Array<Record<string, unknown>>) {
    const pos = d.position as { x?: unknown; y?: unknown } | undefined;
    if (typeof d.id !== 'string' || typeof pos?.x !== 'number' || typeof pos.y !== 'number') continue;
    const label = typeof d.label === 'string' ? d.label : labelOfId(d.id);
    // As the robot names them: a label outside the colours and shapes is all shape, no colour.
    const parts = splitLabel(label) ?? { color: '', shape: label };
    const obj: MapObject = { id: d.id, label, color: typeof d.color === 'string' ? d.color : parts.color, shape: typeof d.shape === 'string' ? d.shape : parts.shape, x: pos.x, y: pos.y };
    next = [...next.filter((o) => o.id !== obj.id), obj];
  }
  if (typeof out.holding === 'string') next = next.filter((o) => o.id !== out.holding);
  return next;
}
