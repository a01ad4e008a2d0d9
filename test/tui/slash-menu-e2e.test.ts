import { describe, expect, it } from 'vitest';
import { PROMPT_MARK } from '../../src/tui/components/prompt-line.js';
import { startTuiInTmux, tmuxSkipReason } from '../helpers/tmux-tui.js';

/**
 * The slash-command menu in the real built program in tmux: `/` lists the commands, typing narrows
 * them, Tab completes the command and then its argument (a scenario name, a recording from the
 * recordings folder), Enter runs it.
 */
if (tmuxSkipReason) console.warn(`SKIPPED the slash menu end-to-end test: ${tmuxSkipReason}`);

/**
 * The prompt's line on the screen: the lowest that starts with the prompt's mark (the menu's chosen
 * row has another), or with the ellipsis a line too long for it gets in place of its start.
 */
const promptOf = (screen: string) => screen.split('\n').findLast((l) => l.startsWith(PROMPT_MARK) || l.startsWith('…')) ?? '';

describe.skipIf(tmuxSkipReason !== null)('the slash menu in a real terminal (tmux)', () => {
  it('lists the commands on /, completes /sc to /scenario and a scenario name, then a recording to replay', async () => {
    const term = startTuiInTmux({ columns: 80, rows: 24 });
    try {
      await term.waitForScreen((s) => s.includes('type a mission, or /help'), 'the prompt');
      term.type('/');
      const menu = await term.waitForScreen((s) => s.includes('robot, world and session'), 'the command menu');
      expect(menu).toMatch(/▸ \/status +robot, world and session/);
      expect(menu).toMatch(/\/scenario \[NAME\] +list scenarios/);
      expect(menu).toMatch(/\/replay FILE\|last \[SPEED\] +play a recording back/);
      expect(menu).toContain('Tab complete');

      term.type('sc');
      await term.waitForScreen((s) => !s.includes('/status') && s.includes('/scenario [NAME]'), 'the menu narrowed to /scenario');
      term.press('Tab');
      const names = await term.waitForScreen((s) => /^› \/scenario\s*$/m.test(s) && s.includes('low-battery'), '/scenario completed, and the scenario names');
      expect(names).toMatch(/twins +Two red cubes/);
      term.type('tw');
      term.press('Tab');
      await term.waitForScreen((s) => promptOf(s).startsWith('› /scenario twins'), 'the scenario name completed');
      term.press('Enter');
      await term.waitForScreen((s) => s.includes('new world: scenario twins'), 'the new world');

      term.type('go to bin a');
      term.press('Enter');
      await term.waitForScreen((s) => s.includes('■ succeeded: Arrived at bin_a.'), 'a mission to record');
      term.type('/replay ');
      await term.waitForScreen((s) => s.includes('go to bin a · twins · succeeded') && /▸ last +the newest: go to bin a/.test(s), 'the recording offered, and last');
      term.press('Down', 'Tab');
      await term.waitForScreen((s) => /recordings\/\S+-go-to-bin-a\.jsonl\s*$/.test(promptOf(s)) && !s.includes('Tab complete'), 'its path completed, the menu closed');
      term.type(' 64');
      term.press('Enter');
      await term.waitForScreen((s) => s.includes('playback finished'), 'the recording played back');

      term.press('Escape');
      term.type('/mc');
      term.press('Enter');
      const mcp = await term.waitForScreen((s) => s.includes('robot (embedded) · connected'), 'the /mcp listing');
      expect(mcp).toContain('MCP servers: no external');

      term.type('/qu');
      term.press('Enter');
      const after = await term.waitForScreen((s) => s.includes('ROBOT_AGENT_EXIT='), 'the program to exit');
      expect(after).toContain('ROBOT_AGENT_EXIT=0');
    } finally {
      term.kill();
    }
  }, 150_000);
});
