import { describe, expect, it } from 'vitest';
import { startTuiInTmux, tmuxSkipReason } from '../helpers/tmux-tui.js';

/**
 * The conversation pane's habits in the real built program in tmux: type-ahead during a mission,
 * Ctrl-O to read a tool result in full, and the transcript left in the scrollback after /quit.
 */
if (tmuxSkipReason) console.warn(`SKIPPED the TUI transcript end-to-end tests: ${tmuxSkipReason}`);

/** A navigation call with its spinner: the robot is on its way (at 80 columns the bar itself is cut off). */
const DRIVING = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] navigate_to_zone/;

describe.skipIf(tmuxSkipReason !== null)('the TUI transcript in a real terminal (tmux)', () => {
  it('queues an instruction typed during a realtime mission, shows it queued, and runs it after', async () => {
    const term = startTuiInTmux({ columns: 80, rows: 24, args: ['tui', '--realtime'] });
    try {
      await term.waitForScreen((s) => s.includes('type a mission, or /help'), 'the prompt');
      term.type('go to bin a');
      term.press('Enter');
      await term.waitForScreen((s) => DRIVING.test(s), 'the robot to be driving');
      term.type('go to bin b');
      term.press('Enter');
      const queued = await term.waitForScreen((s) => s.includes('queued: go to bin b'), 'the queued instruction');
      expect(queued).not.toContain('▶ go to bin b'); // waiting, not started
      expect(queued).not.toContain('already running');
      const both = await term.waitForScreen((s) => s.includes('■ succeeded: Arrived at bin_b.'), 'the queued mission to run and finish', 90_000);
      expect(both).not.toContain('queued: go to bin b');
      expect(both.indexOf('Arrived at bin_a')).toBeGreaterThanOrEqual(0);
      expect(both.indexOf('Arrived at bin_a')).toBeLessThan(both.indexOf('Arrived at bin_b')); // in order
    } finally {
      term.kill();
    }
  }, 150_000);

  it('Esc cancels the mission and clears the queue, saying so', async () => {
    const term = startTuiInTmux({ columns: 80, rows: 24, args: ['tui', '--realtime'] });
    try {
      await term.waitForScreen((s) => s.includes('type a mission, or /help'), 'the prompt');
      term.type('go to the shelf');
      term.press('Enter');
      await term.waitForScreen((s) => DRIVING.test(s), 'the robot to be driving');
      term.type('go to bin a');
      term.press('Enter');
      term.type('go to bin b');
      term.press('Enter');
      await term.waitForScreen((s) => s.includes('queued: go to bin a') && s.includes('queued: go to bin b'), 'two queued instructions');
      term.press('Escape');
      const after = await term.waitForScreen((s) => s.includes('■ aborted'), 'the cancelled mission');
      expect(after).toContain('queue cleared: 2 queued'); // the note goes on, wrapped in the narrow pane
      expect(after).not.toContain('queued: go to');
      await new Promise((r) => setTimeout(r, 1000)); // nothing queued sets off afterwards
      expect(term.screen()).not.toContain('▶ go to bin');
    } finally {
      term.kill();
    }
  }, 150_000);

  it('Ctrl-O shows a long tool result in full, and /quit leaves the whole transcript in the scrollback', async () => {
    const term = startTuiInTmux({ columns: 80, rows: 24 });
    try {
      await term.waitForScreen((s) => s.includes('type a mission, or /help'), 'the prompt');
      term.type('where are you?');
      term.press('Enter');
      const compact = await term.waitForScreen((s) => s.includes('■ succeeded'), 'the mission to finish');
      // At 80 columns the status result is cut to its first words; its JSON is nowhere.
      expect(compact).toContain('✓ get_robot_status');
      expect(compact).not.toContain('"battery"');

      term.press('C-o');
      const expanded = await term.waitForScreen((s) => s.includes('full results shown'), 'the expanded transcript');
      // The status result's JSON, wrapped at the pane's width, at the bottom of the calls.
      expect(expanded).toContain('{"state":"IDLE","armed":false');
      expect(expanded).toContain('"battery"');
      term.press('PageUp');
      await term.waitForScreen((s) => s.includes('⎿ IDLE, disarmed, at (1, 1)'), "the status result's first line, above");
      term.press('PageDown', 'C-o');
      await term.waitForScreen((s) => !s.includes('full results shown') && s.includes('■ succeeded'), 'one line per call again');

      term.type('/quit');
      term.press('Enter');
      await term.waitForScreen((s) => s.includes('ROBOT_AGENT_EXIT=0'), 'the program to exit');
      // Continuation lines of a wrapped result are indented under its first: joined, the result reads whole.
      const history = term.scrollback().replace(/\n {6}/g, '');
      expect(history).toContain('▶ where are you?');
      expect(history).toMatch(/✓ get_robot_status \(\d+\.\d s, \d+ ms\)/);
      expect(history).toContain('"holding":null,"operation":null,"queued_operations":0'); // the full result, not cut
      expect(history).toContain('■ succeeded');
      expect(history.indexOf('■ succeeded')).toBeLessThan(history.indexOf('session ended'));
      expect(history).not.toContain('type a mission, or /help'); // the live frame is gone, not copied
    } finally {
      term.kill();
    }
  }, 120_000);
});
