import { describe, expect, it } from 'vitest';
import { startTuiInTmux, tmuxSkipReason } from '../helpers/tmux-tui.js';

/**
 * `run` on a terminal asks before a tool that needs a person's word; Ctrl-C at that question is
 * the same Ctrl-C as anywhere in the run: the call is denied, the mission cancelled and the robot
 * stopped, and the program ends. (readline hears the key, not the process: unhandled, the question
 * stayed and the run never ended.) The real built program in a real terminal (tmux).
 */
if (tmuxSkipReason) console.warn(`SKIPPED the confirmation Ctrl-C end-to-end test: ${tmuxSkipReason}`);

describe.skipIf(tmuxSkipReason !== null)("Ctrl-C at run's confirmation question", { timeout: 60_000 }, () => {
  it('denies the call, cancels the mission and ends the run', async () => {
    const term = startTuiInTmux({ columns: 120, rows: 30, args: ['run', '--no-record', 'emergency stop, then reset the emergency stop'] });
    try {
      await term.waitForScreen((s) => s.includes('allow reset_emergency_stop {}? [y/N]'), 'the confirmation question');
      term.press('C-c');
      const end = await term.waitForScreen((s) => s.includes('ROBOT_AGENT_EXIT='), 'the run to end');
      expect(end).toContain('cancelling the mission and stopping the robot');
      expect(end).toMatch(/reset_emergency_stop needs confirmation: declined/);
      expect(end).toMatch(/■ aborted: cancelled by the user; the robot was stopped/);
      expect(end).toMatch(/ROBOT_AGENT_EXIT=1\b/);
    } finally {
      term.kill();
    }
  });
});
