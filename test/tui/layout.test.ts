import { describe, expect, it } from 'vitest';
import { layoutFor, PROMPT_ROWS } from '../../src/tui/layout.js';
import { replaySchedule } from '../../src/tui/replay-schedule.js';
import type { ReplayEvent } from '../../src/replay/replay-format.js';

describe('layout', () => {
  it('collapses at 80x24: a status strip, the conversation and one side panel that Tab switches', () => {
    const l = layoutFor(80, 24);
    expect(l.status).toBe('strip');
    expect(l.height).toBe(23);
    expect(l.toggles).toBe(true);
    expect(l.side!.panels.map((p) => p.kind)).toEqual(['map']);
    expect(layoutFor(80, 24, 'camera').side!.panels.map((p) => p.kind)).toEqual(['camera']);
    expect(l.transcript.width + l.side!.width).toBe(80);
    expect(l.transcript.height).toBe(23 - 1 - PROMPT_ROWS - 2);
  });

  it('drops the side panel on narrow terminals', () => {
    expect(layoutFor(60, 20).side).toBeNull();
    expect(layoutFor(60, 20).transcript.width).toBe(60);
  });

  it('uses the space of large terminals: status panel, map and camera together', () => {
    const tall = layoutFor(160, 60);
    expect(tall.status).toBe('panel');
    expect(tall.side!.panels.map((p) => p.kind)).toEqual(['map', 'camera']);
    expect(tall.side!.direction).toBe('column');
    expect(tall.toggles).toBe(false);
    const short = layoutFor(200, 34);
    expect(short.side!.direction).toBe('row');
    expect(short.side!.panels.map((p) => p.kind)).toEqual(['map', 'camera']);
  });

  it('gives the confirmation dialog its rows', () => {
    expect(layoutFor(80, 24, 'map', 7).transcript.height).toBe(layoutFor(80, 24).transcript.height - 5);
  });
});

describe('replay schedule', () => {
  it('paces recorded events by robot time, with a pause to read each model turn', () => {
    const usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
    const events: ReplayEvent[] = [
      { type: 'mission_started', instruction: 'go', provider: 'planner', model: 'p', tools: [], simTime: 100 },
      { type: 'model_turn', step: 1, content: [{ type: 'text', text: 'Going.' }], stopReason: 'tool_use', usage, model: 'p' },
      { type: 'tool_call_started', callId: 'a', name: 'navigate_to_zone', args: {} },
      { type: 'clock', value: 1 },
      { type: 'tool_call_finished', callId: 'a', name: 'navigate_to_zone', args: {}, result: { isError: false, content: [] }, isError: false, wallMs: 5, simSeconds: 10 },
      { type: 'telemetry', telemetry: { simTime: 110, x: 1, y: 1, heading: 0, battery: 1, state: 'IDLE', holding: null } },
      { type: 'mission_finished', outcome: 'succeeded', summary: 'ok', steps: 1, usage, wallMs: 5, simSeconds: 10 },
    ];
    const s = replaySchedule(events);
    expect(s.map((e) => e.event.type)).toEqual(['mission_started', 'model_turn', 'tool_call_started', 'tool_call_finished', 'telemetry', 'mission_finished']);
    expect(s.map((e) => Math.round(e.at * 10) / 10)).toEqual([0, 0.1, 0.5, 10.5, 10.6, 10.7]);
  });
});
