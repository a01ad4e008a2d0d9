import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { MissionEvent } from '../../src/agent/mission-events.js';
import { stripAnsi } from '../../src/tui/ansi.js';
import { QueuedLines } from '../../src/tui/components/queued-lines.js';
import { TranscriptView } from '../../src/tui/components/transcript-view.js';
import { emptyTranscript, reduceTranscript, type TranscriptAction } from '../../src/tui/transcript.js';
import { transcriptRows } from '../../src/tui/transcript-rows.js';
import { transcriptText } from '../../src/tui/transcript-text.js';
import { KEY, openApp } from './app-harness.js';

/** Expanded tool results (Ctrl-O), the plain transcript left in the scrollback, and type-ahead. */
let app: Awaited<ReturnType<typeof openApp>> | undefined;
afterEach(async () => {
  cleanup();
  await app?.close();
  app = undefined;
});

const status = '{"state":"IDLE","armed":false,"pose":{"x":0.8,"y":0.8,"heading_deg":0},"battery":0.9,"holding":null,"last_detections":[]}';
const longArgs = { zone: 'bin_a', note: 'a long argument that the one-line form of the call has to cut short somewhere' };
const events: MissionEvent[] = [
  { type: 'tool_call_started', callId: 'c1', name: 'get_robot_status', args: {} },
  {
    type: 'tool_call_finished',
    callId: 'c1',
    name: 'get_robot_status',
    args: {},
    result: { content: [{ type: 'text', text: 'IDLE, disarmed, at (0.8, 0.8)' }, { type: 'text', text: status }, { type: 'image', data: '', mimeType: 'image/png' }], isError: false },
    isError: false,
    wallMs: 3,
    simSeconds: 0,
  },
  { type: 'tool_call_started', callId: 'c2', name: 'navigate_to_zone', args: longArgs },
  { type: 'tool_call_finished', callId: 'c2', name: 'navigate_to_zone', args: longArgs, result: { content: [{ type: 'text', text: 'unknown zone' }], isError: true }, isError: true, wallMs: 1, simSeconds: 0 },
];
const state = events.reduce<typeof emptyTranscript>((s, e) => reduceTranscript(s, e as TranscriptAction), emptyTranscript);

describe('tool results in full', () => {
  it('keeps one line per call until expanded, then wraps the whole result, and the cut arguments, under it', () => {
    expect(transcriptRows(state, 40).map((r) => r.kind)).toEqual(['tool', 'tool']);
    const rows = transcriptRows(state, 40, true);
    expect(rows[0]).toMatchObject({ kind: 'tool', expanded: true });
    const text = rows.flatMap((r) => (r.kind === 'result' ? [r.text] : []));
    expect(text[0]).toBe('    ⎿ IDLE, disarmed, at (0.8, 0.8)');
    expect(text.every((t) => t.length <= 40)).toBe(true);
    expect(text.join('').replace(/\s{6}/g, '')).toContain(status); // wrapped, nothing cut
    expect(text).toContain('      [image]');
    expect(text.join(' ').replace(/\s+/g, ' ')).toContain('⎿ args: zone=bin_a note=a long argument that the one-line form of the call has to cut short somewhere · 0.0 s robot time');
    // A pane too narrow for the call's line: its times, cut off there, lead the result.
    expect(transcriptRows(state, 30, true).slice(1, 3).map((r) => (r as { text: string }).text)).toEqual(['    ⎿ 0.0 s robot time, 3 ms', '      wall']);
    expect(rows.filter((r) => r.kind === 'result' && r.error).map((r) => (r as { text: string }).text).at(-1)).toContain('unknown zone');
  });

  it('draws the expanded pane with a line saying how to go back', () => {
    const frame = stripAnsi(render(<TranscriptView state={state} width={60} height={20} scroll={0} spinner={0} expanded />).lastFrame() ?? '');
    expect(frame).toContain('✓ get_robot_status (0.0 s, 3 ms)\n');
    expect(frame).not.toContain('→ IDLE'); // the summary gives way to the whole result below
    expect(frame).toContain('"holding":null');
    expect(frame).toContain('full results shown · Ctrl-O for one line each');
  });

  it('prints the conversation as plain lines no wider than the terminal, every result in full', () => {
    const lines = transcriptText(state, 50);
    expect(lines[0]).toBe('  ✓ get_robot_status (0.0 s, 3 ms)');
    expect(lines.every((l) => l.length <= 50 && !l.includes('\x1b'))).toBe(true);
    expect(lines.join('\n').replace(/\n {6}/g, '')).toContain(status);
    // A tool line too long for the terminal is cut, its arguments and times following in full.
    const call = lines.findIndex((l) => l.startsWith('  ✗ navigate_to_zone zone=bin_a note=a long'));
    expect(lines[call]).toMatch(/…$/);
    expect(lines.slice(call + 1).join(' ').replace(/\s+/g, ' ')).toContain(
      '⎿ args: zone=bin_a note=a long argument that the one-line form of the call has to cut short somewhere · 0.0 s robot time, 1 ms wall unknown zone',
    );
  });
});

describe('type-ahead', () => {
  it('shows queued instructions dim above the prompt, a long queue ending with a count', () => {
    expect(render(<QueuedLines queue={[]} />).lastFrame()).toBe('');
    expect(stripAnsi(render(<QueuedLines queue={['go to bin a', 'charge']} />).lastFrame() ?? '')).toBe('queued: go to bin a\nqueued: charge');
    expect(stripAnsi(render(<QueuedLines queue={['a', 'b', 'c', 'd']} />).lastFrame() ?? '')).toBe('queued: a\nqueued: b\n… and 2 more queued');
  });

  it('runs what was typed during a mission after it, in order, and Ctrl-O works meanwhile', async () => {
    app = await openApp({ realtime: true, size: { columns: 80, rows: 24 } });
    const missions: string[] = [];
    app.session.onAction((a) => void (a.type === 'mission_started' && missions.push(a.instruction)));
    await app.submit('go to bin a');
    await app.waitFor((s) => /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] navigate_to_zone/.test(s), 'the robot to be driving');
    await app.submit('what is your battery level');
    await app.submit('where are you?');
    await app.waitFor((s) => s.includes('queued: what is your battery level\nqueued: where are you?'), 'both instructions queued');
    await app.press('\x0f'); // Ctrl-O
    await app.waitFor((s) => s.includes('⎿ armed'), 'the arm result in full');
    await app.press('\x0f');
    await app.waitFor((s) => s.includes('I am at') && !s.includes('queued:'), 'the queued missions to run', 60_000);
    expect(missions).toEqual(['go to bin a', 'what is your battery level', 'where are you?']);
    await app.press(KEY.escape); // nothing queued, nothing running: only clears the prompt
    expect(app.screen()).not.toContain('queue cleared');
  }, 90_000);

  it('drops the queue on the e-stop key: nothing sets off after an emergency stop', async () => {
    app = await openApp({ realtime: true, size: { columns: 80, rows: 24 } });
    const missions: string[] = [];
    app.session.onAction((a) => void (a.type === 'mission_started' && missions.push(a.instruction)));
    await app.submit('go to the shelf');
    await app.waitFor((s) => /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] navigate_to_zone/.test(s), 'the robot to be driving');
    await app.submit('go to bin a');
    await app.waitFor((s) => s.includes('queued: go to bin a'), 'the queued instruction');
    await app.press(KEY.ctrlX);
    await app.waitFor((s) => s.includes('queue cleared: 1 queued instruction') && s.includes('■ aborted'), 'the stopped mission and the cleared queue');
    await new Promise((r) => setTimeout(r, 500));
    expect(missions).toEqual(['go to the shelf']);
    expect(app.screen()).not.toContain('queued: go to bin a');
  }, 60_000);
});
