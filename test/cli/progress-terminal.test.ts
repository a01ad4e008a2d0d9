import { afterEach, describe, expect, it } from 'vitest';
import { startTuiInTmux, tmuxSkipReason, type TuiTerminal } from '../helpers/tmux-tui.js';

let term: TuiTerminal | undefined;
afterEach(() => {
  term?.kill();
  term = undefined;
});

/** `run` in a real terminal (tmux): the live progress line as a person sees it. */
describe.skipIf(tmuxSkipReason !== null)(`run's live progress line in a terminal${tmuxSkipReason ? ` (skipped: ${tmuxSkipReason})` : ''}`, () => {
  it('draws a bar with metres to go while the robot drives, on one row, and leaves no trace of it after the call', async () => {
    term = startTuiInTmux({ columns: 100, rows: 30, args: ['run', 'go to bin b', '--realtime', '--no-record'] });
    const driving = await term.waitForScreen((s) => /navigate_to_zone [█░]{20} +\d+% · [\d.]+ m to go/.test(s), 'the live progress line');
    // One row: the transcript so far above it, nothing below it.
    const rows = driving.trimEnd().split('\n');
    expect(rows.at(-1)).toMatch(/^ {2}⋯ navigate_to_zone [█░]{20} +\d+% · [\d.]+ m to go$/);
    expect(rows.filter((r) => r.includes('⋯'))).toHaveLength(1);
    expect(rows.at(-2)).toBe('  Going to bin_b.');

    const done = await term.waitForScreen((s) => s.includes('ROBOT_AGENT_EXIT='), 'the end of the run', 90_000);
    expect(done).toContain('ROBOT_AGENT_EXIT=0');
    const lines = term.scrollback().split('\n');
    expect(lines.some((l) => l.includes('⋯'))).toBe(false);
    const going = lines.indexOf('  Going to bin_b.');
    expect(lines[going + 1]).toMatch(/^ {2}✓ navigate_to_zone \{"zone":"bin_b"\} → navigation to bin_b succeeded/);
  }, 120_000);
});
