import { describe, expect, it } from 'vitest';
import type { MissionEvent } from '../../src/agent/mission-events.js';
import { emptyTranscript, reduceTranscript, type TranscriptAction, type ToolEntry } from '../../src/tui/transcript.js';
import { transcriptRows, visibleRows, wrap } from '../../src/tui/transcript-rows.js';

const usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
const text = (t: string): MissionEvent => ({ type: 'model_turn', step: 1, content: [{ type: 'text', text: t }], stopReason: 'tool_use', usage, model: 'm' });
const started = (callId: string, name: string, args: Record<string, unknown> = {}): MissionEvent => ({ type: 'tool_call_started', callId, name, args });
const finished = (callId: string, name: string, body: string, isError = false, structuredContent?: Record<string, unknown>): MissionEvent => ({
  type: 'tool_call_finished',
  callId,
  name,
  args: {},
  result: { content: [{ type: 'text', text: `${body}\nsecond line` }], isError, ...(structuredContent ? { structuredContent } : {}) },
  isError,
  wallMs: 12,
  simSeconds: 3.5,
});
const run = (...actions: TranscriptAction[]) => actions.reduce(reduceTranscript, emptyTranscript);
const tools = (s: ReturnType<typeof run>) => s.entries.filter((e): e is ToolEntry => e.kind === 'tool');

describe('the transcript reducer over MissionEvents', () => {
  it('turns a mission into a header, narration, tool lines and an outcome', () => {
    const s = run(
      { type: 'mission_started', instruction: 'go to bin a', provider: 'planner', model: 'robot-agent-planner-1', tools: [], simTime: 0 },
      text('Going to bin_a.'),
      started('c1', 'navigate_to_zone', { zone: 'bin_a' }),
      { type: 'tool_call_progress', callId: 'c1', name: 'navigate_to_zone', progress: 3, total: 4, message: '2 m to go' },
    );
    expect(s.entries.map((e) => e.kind)).toEqual(['mission', 'text', 'tool']);
    expect(tools(s)[0]).toMatchObject({ status: 'running', progress: 0.75, progressText: '2 m to go' });
    // Without a total the progress is a count whose end is unknown: kept as a count, never as a share.
    const counted = reduceTranscript(s, { type: 'tool_call_progress', callId: 'c1', name: 'navigate_to_zone', progress: 7 });
    expect(tools(counted)[0]).toMatchObject({ count: 7 });
    expect(tools(counted)[0]!.progress).toBeUndefined();

    const done = reduceTranscript(s, finished('c1', 'navigate_to_zone', 'navigation to bin_a succeeded'));
    expect(tools(done)[0]).toMatchObject({ status: 'ok', summary: 'navigation to bin_a succeeded', simSeconds: 3.5, wallMs: 12 });
    const end = reduceTranscript(done, { type: 'mission_finished', outcome: 'succeeded', summary: 'Arrived.', steps: 1, usage, wallMs: 1500, simSeconds: 3.5 });
    expect(end.entries.at(-1)).toMatchObject({ kind: 'outcome', outcome: 'succeeded', summary: 'Arrived.' });
    expect((end.entries.at(-1) as { detail: string }).detail).toBe('1 tool call(s), 3.5 s simulated, 1.50 s wall');
    expect(s).not.toBe(done); // pure: the earlier state is untouched
    expect(tools(s)[0]!.status).toBe('running');
  });

  it('streams text deltas and replaces them with the finished turn', () => {
    const s = run({ type: 'model_text_delta', text: 'Going ' }, { type: 'model_text_delta', text: 'now' });
    expect(s.streaming).toBe('Going now');
    const t = reduceTranscript(s, text('Going now.'));
    expect(t.streaming).toBe('');
    expect(t.entries).toEqual([{ kind: 'text', text: 'Going now.' }]);
  });

  it('marks errors, waits for approval, and interrupts calls a finished mission left running', () => {
    const s = run(started('a', 'detect_objects'), finished('a', 'detect_objects', 'no detector', true), started('b', 'reset_emergency_stop'), { type: 'awaiting_approval', name: 'reset_emergency_stop' });
    expect(tools(s).map((t) => t.status)).toEqual(['error', 'awaiting']);
    const approved = reduceTranscript(s, { type: 'confirmation', callId: 'b', name: 'reset_emergency_stop', approved: true, by: 'user' });
    expect(tools(approved)[1]).toMatchObject({ status: 'running', progressText: 'approved (user)' });
    const aborted = reduceTranscript(approved, { type: 'mission_finished', outcome: 'aborted', summary: 'cancelled', steps: 2, usage, wallMs: 5, simSeconds: 0 });
    expect(tools(aborted)[1]).toMatchObject({ status: 'error', summary: 'interrupted' });
  });

  it('keeps the objects detection results report, and drops one once it is held', () => {
    const det = { detections: [{ id: 'red_cube#1', label: 'red_cube', color: 'red', shape: 'cube', position: { x: 6.2, y: 6.1 } }] };
    const s = run(finished('a', 'detect_objects', 'red_cube#1', false, det));
    expect(s.detected).toEqual([{ id: 'red_cube#1', label: 'red_cube', color: 'red', shape: 'cube', x: 6.2, y: 6.1 }]);
    expect(reduceTranscript(s, finished('b', 'grasp_object', 'holding red_cube#1', false, { holding: 'red_cube#1' })).detected).toEqual([]);
  });

  it('reads colour and shape from the id when a report gives only the id', () => {
    const det = { detections: [{ id: 'red_cube#1', position: { x: 6.2, y: 6.1 } }, { id: 'widget#3', position: { x: 1, y: 2 } }] };
    expect(run(finished('a', 'detect_objects', 'two', false, det)).detected).toEqual([
      { id: 'red_cube#1', label: 'red_cube', color: 'red', shape: 'cube', x: 6.2, y: 6.1 },
      { id: 'widget#3', label: 'widget', color: '', shape: 'widget', x: 1, y: 2 },
    ]);
  });

  it('keeps session notes, clears, and ignores the outcome-report pseudo tool', () => {
    const s = run({ type: 'note', level: 'error', text: 'bad' }, started('r', 'report_mission_outcome'));
    expect(s.entries).toEqual([{ kind: 'note', level: 'error', text: 'bad' }]);
    expect(reduceTranscript(s, { type: 'clear' }).entries).toEqual([]);
  });
});

describe('transcript rows', () => {
  it('wraps text to the pane width and keeps each tool call on one line', () => {
    const s = run(text('one two three four five six seven'), started('a', 'arm'));
    const rows = transcriptRows(s, 16);
    expect(rows.filter((r) => r.kind === 'text').map((r) => (r as { text: string }).text)).toEqual(['  one two three', '  four five six', '  seven']);
    expect(rows.at(-1)!.kind).toBe('tool');
  });

  it('shows the bottom rows, or earlier ones when scrolled', () => {
    const rows = wrap('a b c d e f', 1).map((t) => ({ kind: 'text' as const, text: t }));
    expect(visibleRows(rows, 2, 0).rows.map((r) => r.text)).toEqual(['e', 'f']);
    expect(visibleRows(rows, 2, 3).rows.map((r) => r.text)).toEqual(['b', 'c']);
    expect(visibleRows(rows, 2, 99).scroll).toBe(4);
  });
});
