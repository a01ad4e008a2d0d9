import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTuiInTmux, tmuxSkipReason } from '../helpers/tmux-tui.js';

/** The real built program in a real pseudo-terminal (tmux): type a mission, wait for it, check the screen, quit. */
if (tmuxSkipReason) console.warn(`SKIPPED the TUI end-to-end test: ${tmuxSkipReason}`);

describe.skipIf(tmuxSkipReason !== null)('the TUI in a real terminal (tmux)', () => {
  it('runs a typed mission, shows its outcome and the map, and exits cleanly on Ctrl-C twice', async () => {
    // `robot-agent` with no arguments, in an empty directory: the UI, recording to the state folder.
    const term = startTuiInTmux({ columns: 100, rows: 32 });
    const records = join(term.cwd, 'state/robot-agent/recordings');
    try {
      await term.waitForScreen((s) => s.includes('type a mission, or /help'), 'the prompt');
      term.type('go to bin a');
      await term.waitForScreen((s) => s.includes('› go to bin a'), 'the typed instruction');
      term.press('Enter');
      const done = await term.waitForScreen((s) => s.includes('■ succeeded: Arrived at bin_a.'), 'the mission to finish');
      expect(done).toContain('✓ navigate_to_zone zone=bin_a');
      expect(done).toContain('map 10×8 m');
      expect(done).toMatch(/│.*home.*bin b.*bin a.*│/); // zones along the bottom of the map
      expect(done).toMatch(/│.*[→↗↘].*│/); // the robot, in bin a
      expect(done).toContain('IDLE · armed');

      term.press('C-c');
      await term.waitForScreen((s) => s.includes('Press Ctrl-C again to quit'), 'the quit warning');
      term.press('C-c');
      const after = await term.waitForScreen((s) => s.includes('ROBOT_AGENT_EXIT='), 'the program to exit');
      expect(after).toContain('ROBOT_AGENT_EXIT=0');
      expect(after).toContain('session ended; the robot is stopped; 1 mission(s) recorded in');
      expect(readdirSync(term.cwd)).toEqual(['state']);
      expect(after).not.toMatch(/Error|at .*\.js:\d+/);
      expect(readdirSync(records).filter((f) => f.endsWith('.jsonl'))).toHaveLength(1);
    } finally {
      term.kill();
    }
  }, 120_000);
});
