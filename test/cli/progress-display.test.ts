import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { MissionEvent } from '../../src/agent/mission-events.js';
import { interruptHandler } from '../../src/cli/commands/run.js';
import { createProgressDisplay } from '../../src/cli/progress-display.js';
import { renderLiveLine, renderPlainLine } from '../../src/cli/progress-line.js';
import { createRunOutput } from '../../src/cli/run-output.js';

const started = (callId: string, name = 'navigate_to_zone'): MissionEvent => ({ type: 'tool_call_started', callId, name, args: {} });
const progress = (callId: string, percent: number, metres: number, name = 'navigate_to_zone'): MissionEvent => ({
  type: 'tool_call_progress',
  callId,
  name,
  progress: percent,
  total: 100,
  message: `${metres} m to go`,
});
const finished = (callId: string, name = 'navigate_to_zone'): MissionEvent => ({
  type: 'tool_call_finished',
  callId,
  name,
  args: {},
  result: { content: [{ type: 'text', text: 'arrived' }] },
  isError: false,
  wallMs: 1,
  simSeconds: 1,
});

/**
 * What a terminal shows after the bytes written: rows of text, reading only carriage return,
 * newline, "cursor to column 1" (CSI 1G) and "erase the line" (CSI 2K), and refusing any other
 * escape, so the display cannot rely on something this screen ignores.
 */
function screenOf(written: string): string[] {
  const rows: string[] = [''];
  let col = 0;
  for (let i = 0; i < written.length; ) {
    if (written[i] === '\x1b') {
      const end = written.slice(i).search(/[A-Za-z]/);
      const escape = written.slice(i, i + end + 1);
      if (escape === '\x1b[1G' || escape === '\x1b[G') col = 0;
      else if (escape === '\x1b[2K') rows[rows.length - 1] = '';
      else throw new Error(`an escape the screen does not know: ${JSON.stringify(escape)}`);
      i += escape.length;
      continue;
    }
    const ch = String.fromCodePoint(written.codePointAt(i)!);
    i += ch.length;
    if (ch === '\r') col = 0;
    else if (ch === '\n') {
      rows.push('');
      col = 0;
    } else {
      const row = Array.from(rows[rows.length - 1]!);
      while (row.length < col) row.push(' ');
      row[col++] = ch;
      rows[rows.length - 1] = row.join('');
    }
  }
  return rows;
}

function terminal() {
  let written = '';
  const stream = { write: (chunk: string) => ((written += chunk), true) } as unknown as NodeJS.WritableStream;
  return { stream, screen: () => screenOf(written) };
}

describe('the live progress line on a terminal', () => {
  it('renders the call, a bar, the percent and the metres to go', () => {
    expect(renderLiveLine({ name: 'navigate_to_zone', progress: 42, total: 100, message: '5.76 m to go' }, 100)).toBe('  ⋯ navigate_to_zone ████████░░░░░░░░░░░░  42% · 5.76 m to go');
    expect(renderLiveLine({ name: 'rotate', progress: 1, total: 1 }, 100)).toBe('  ⋯ rotate ████████████████████ 100%');
    // No total: MCP's progress is then a rising count whose end is unknown, not a share: no bar, no percent.
    expect(renderLiveLine({ name: 'scan', progress: 0.5 }, 100)).toBe('  ⋯ scan (0.5 so far)');
    expect(renderLiveLine({ name: 'scan', progress: 12, message: 'frames read' }, 100)).toBe('  ⋯ scan (12 so far) · frames read');
    // Out-of-range values stay on the bar.
    expect(renderLiveLine({ name: 'x', progress: 150, total: 100 }, 100)).toContain('████████████████████ 100%');
  });

  it('fits one row short of the width, so the line never wraps and can be redrawn', () => {
    const line = renderLiveLine({ name: 'approach_object', progress: 30, total: 100, message: '2.5 m to go' }, 40);
    expect(Array.from(line)).toHaveLength(39);
    expect(line.endsWith('…')).toBe(true);
  });

  it('redraws one row in place, keeps transcript lines above it, and clears it when the call ends', () => {
    const term = terminal();
    const display = createProgressDisplay(term.stream, { tty: true, columns: () => 100 });
    display.writeLine('  Going to bin_b.');
    display.onEvent(started('c1'));
    expect(term.screen()).toEqual(['  Going to bin_b.', '']);
    display.onEvent(progress('c1', 10, 5.58));
    display.onEvent(progress('c1', 57.5, 2.61));
    expect(term.screen()).toEqual(['  Going to bin_b.', '  ⋯ navigate_to_zone ███████████░░░░░░░░░  57% · 2.61 m to go']);

    // A line printed while the call runs goes above the live line, which comes back below it.
    display.writeLine('  a note');
    expect(term.screen()).toEqual(['  Going to bin_b.', '  a note', '  ⋯ navigate_to_zone ███████████░░░░░░░░░  57% · 2.61 m to go']);

    display.onEvent(finished('c1'));
    expect(term.screen()).toEqual(['  Going to bin_b.', '  a note', '']);
    display.writeLine('  ✓ navigate_to_zone → arrived');
    expect(term.screen()).toEqual(['  Going to bin_b.', '  a note', '  ✓ navigate_to_zone → arrived', '']);
  });

  it('lifts the line for a write to another stream on the same terminal', () => {
    const term = terminal();
    const display = createProgressDisplay(term.stream, { tty: true, columns: () => 100 });
    display.onEvent(progress('c1', 20, 4));
    display.aside(() => term.stream.write('robot-agent: MCP server "x" failed\n'));
    expect(term.screen()).toEqual(['robot-agent: MCP server "x" failed', '  ⋯ navigate_to_zone ████░░░░░░░░░░░░░░░░  20% · 4 m to go']);
    display.close();
    expect(term.screen()).toEqual(['robot-agent: MCP server "x" failed', '']);
  });

  it('draws nothing while a question is asked on its row, and the latest progress after', async () => {
    let out = '';
    const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
    stdout.on('data', (d) => (out += String(d)));
    const output = createRunOutput({ stdout, stderr: stdout, env: { TERM: 'xterm' } }, 'text', { instruction: 'go', scenario: 'warehouse', seed: 1 });
    output.show(progress('c1', 20, 4));
    const answer = await output.whilePaused(async () => {
      stdout.write('robot-agent: allow arm {}? [y/N] ');
      output.show(progress('c1', 30, 3)); // another call keeps driving meanwhile
      expect(screenOf(out).at(-1)).toBe('robot-agent: allow arm {}? [y/N] ');
      stdout.write('y\n');
      return true;
    });
    expect(answer).toBe(true);
    expect(screenOf(out).slice(-2)).toEqual(['robot-agent: allow arm {}? [y/N] y', '  ⋯ navigate_to_zone ██████░░░░░░░░░░░░░░  30% · 3 m to go']);
    output.close();
  });

  it('clears the live line before a second Ctrl-C quits at once', () => {
    let out = '';
    const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
    stdout.on('data', (d) => (out += String(d)));
    const io = { stdout, stderr: stdout, env: { TERM: 'xterm' } };
    const output = createRunOutput(io, 'text', { instruction: 'go', scenario: 'warehouse', seed: 1 });
    const abort = new AbortController();
    const exits: Array<{ code: number; screen: string[] }> = [];
    const interrupt = interruptHandler(io, output, abort, (code) => exits.push({ code, screen: screenOf(out) }));
    output.show(progress('c1', 20, 4));
    interrupt();
    expect(abort.signal.aborted).toBe(true);
    expect(screenOf(out).slice(-2)).toEqual(['robot-agent: cancelling the mission and stopping the robot (Ctrl-C again to quit at once)', '  ⋯ navigate_to_zone ████░░░░░░░░░░░░░░░░  20% · 4 m to go']);
    interrupt();
    // What the terminal holds when the process ends: the notice, and no progress line under it.
    expect(exits.map((e) => e.code)).toEqual([130]);
    expect(exits[0]!.screen.slice(-2)).toEqual(['robot-agent: cancelling the mission and stopping the robot (Ctrl-C again to quit at once)', '']);
  });

  it('shows the call that reported last, and the other one again when that one ends', () => {
    const term = terminal();
    const display = createProgressDisplay(term.stream, { tty: true, columns: () => 100 });
    display.onEvent(progress('c1', 20, 4));
    display.onEvent(progress('c2', 50, 1, 'approach_object'));
    expect(term.screen().at(-1)).toMatch(/approach_object .* 50% · 1 m to go$/);
    display.onEvent(finished('c2', 'approach_object'));
    expect(term.screen().at(-1)).toMatch(/navigate_to_zone .* 20% · 4 m to go$/);
    display.onEvent(finished('c1'));
    expect(term.screen()).toEqual(['']);
  });

  it('follows the terminal width as it changes', () => {
    const term = terminal();
    let columns = 100;
    const display = createProgressDisplay(term.stream, { tty: true, columns: () => columns });
    display.onEvent(progress('c1', 20, 4));
    columns = 30;
    display.onEvent(progress('c1', 30, 3));
    expect(Array.from(term.screen().at(-1)!)).toHaveLength(29);
  });
});

describe('progress lines when not on a terminal', () => {
  it('prints a plain line per call at most every interval, the first one interval after the call started', () => {
    let now = 1000;
    let written = '';
    const stream = { write: (chunk: string) => ((written += chunk), true) } as unknown as NodeJS.WritableStream;
    const display = createProgressDisplay(stream, { tty: false, now: () => now, intervalMs: 2000 });
    const at = (t: number, event: MissionEvent) => {
      now = 1000 + t;
      display.onEvent(event);
    };
    at(0, started('c1'));
    at(250, progress('c1', 5, 9.5));
    at(1999, progress('c1', 20, 8));
    expect(written).toBe('');
    at(2000, progress('c1', 21, 7.9));
    at(2500, progress('c1', 25, 7.5));
    at(3999, progress('c1', 39, 6.1));
    at(4000, progress('c1', 40, 6));
    expect(written).toBe('  ⋯ navigate_to_zone 21% · 7.9 m to go\n  ⋯ navigate_to_zone 40% · 6 m to go\n');

    // Each call has its own pace; a finished call prints nothing more.
    written = '';
    at(4100, started('c2', 'rotate'));
    at(4200, progress('c2', 50, 1, 'rotate'));
    at(5000, finished('c1'));
    at(6100, progress('c2', 80, 0.5, 'rotate'));
    at(6200, progress('c1', 99, 0));
    expect(written).toBe('  ⋯ rotate 80% · 0.5 m to go\n');
  });

  it('writes transcript lines as they come, with no escapes', () => {
    let written = '';
    const stream = { write: (chunk: string) => ((written += chunk), true) } as unknown as NodeJS.WritableStream;
    const display = createProgressDisplay(stream, { tty: false, now: () => 0 });
    display.writeLine('  Going.');
    display.onEvent(progress('c1', 50, 1));
    display.close();
    expect(written).toBe('  Going.\n');
    expect(renderPlainLine({ name: 'rotate', progress: 1, total: 4 })).toBe('  ⋯ rotate 25%');
    expect(renderPlainLine({ name: 'scan', progress: 3, message: 'frames read' })).toBe('  ⋯ scan (3 so far) · frames read');
  });
});

describe("run's text output picks the display from the terminal", () => {
  const transcript = (env: NodeJS.ProcessEnv) => {
    let out = '';
    const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
    stdout.on('data', (d) => (out += String(d)));
    const output = createRunOutput({ stdout, stderr: new PassThrough(), env }, 'text', { instruction: 'go to bin b', scenario: 'warehouse', seed: 1 });
    output.show(started('c1'));
    output.show(progress('c1', 50, 3));
    output.show(finished('c1'));
    output.close();
    return out;
  };

  it('draws the live line on a terminal that can erase a line, and plain lines on a dumb one', () => {
    expect(transcript({ TERM: 'xterm-256color' })).toContain('\x1b[2K  ⋯ navigate_to_zone ██████████░░░░░░░░░░  50% · 3 m to go');
    const dumb = transcript({ TERM: 'dumb' });
    expect(dumb).not.toContain('\x1b');
    expect(dumb).toMatch(/^ {2}✓ navigate_to_zone \{\} → arrived/);
  });
});
