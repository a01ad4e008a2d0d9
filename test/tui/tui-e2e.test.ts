import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The real built program in a real pseudo-terminal (tmux): type a mission, wait for it, check
 * the screen, quit with Ctrl-C twice. Needs tmux and a build (npx tsc -p .); skipped, saying
 * so, without them.
 */
const root = resolve(import.meta.dirname, '../..');
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const built = existsSync(join(root, 'dist/cli/commands/tui.js'));
if (!hasTmux) console.warn('SKIPPED the TUI end-to-end test: tmux is not installed (apt-get install -y tmux)');
else if (!built) console.warn('SKIPPED the TUI end-to-end test: the program is not built (npx tsc -p .)');

const socket = `robot-agent-e2e-${process.pid}`;
const tmux = (...args: string[]) => spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
const screen = () => tmux('capture-pane', '-p', '-t', 'tui').stdout;

/** Polls the pane until `test` holds; a generous bound, and no timing is asserted. */
async function waitForScreen(test: (s: string) => boolean, what: string, timeoutMs = 60_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const s = screen();
    if (test(s)) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}; the terminal showed:\n${screen()}`);
}

describe.skipIf(!hasTmux || !built)('the TUI in a real terminal (tmux)', () => {
  it('runs a typed mission, shows its outcome and the map, and exits cleanly on Ctrl-C twice', async () => {
    // `robot-agent` with no arguments, in an empty directory: the UI, recording to the state folder (never the real home's).
    const cwd = mkdtempSync(join(tmpdir(), 'tui-e2e-'));
    const records = join(cwd, 'state/robot-agent/recordings');
    // Ink draws nothing live when it believes it runs under CI, so the program gets a plain terminal environment.
    const command = `env -u CI -u CONTINUOUS_INTEGRATION XDG_STATE_HOME='${join(cwd, 'state')}' '${process.execPath}' '${join(root, 'bin/robot-agent.js')}'; echo ROBOT_AGENT_EXIT=$?; sleep 120`;
    const started = tmux('new-session', '-d', '-s', 'tui', '-x', '100', '-y', '32', '-c', cwd, command);
    expect(started.status, started.stderr).toBe(0);
    try {
      await waitForScreen((s) => s.includes('type a mission, or /help'), 'the prompt');
      tmux('send-keys', '-t', 'tui', '-l', 'go to bin a');
      await waitForScreen((s) => s.includes('› go to bin a'), 'the typed instruction');
      tmux('send-keys', '-t', 'tui', 'Enter');
      const done = await waitForScreen((s) => s.includes('■ succeeded: Arrived at bin_a.'), 'the mission to finish');
      expect(done).toContain('✓ navigate_to_zone zone=bin_a');
      expect(done).toContain('map 10×8 m');
      expect(done).toMatch(/│.*home.*bin b.*bin a.*│/); // zones along the bottom of the map
      expect(done).toMatch(/│.*[→↗↘].*│/); // the robot, in bin a
      expect(done).toContain('IDLE · armed');

      tmux('send-keys', '-t', 'tui', 'C-c');
      await waitForScreen((s) => s.includes('Press Ctrl-C again to quit'), 'the quit warning');
      tmux('send-keys', '-t', 'tui', 'C-c');
      const after = await waitForScreen((s) => s.includes('ROBOT_AGENT_EXIT='), 'the program to exit');
      expect(after).toContain('ROBOT_AGENT_EXIT=0');
      expect(after).toContain('session ended; the robot is stopped; 1 mission(s) recorded in');
      expect(readdirSync(cwd)).toEqual(['state']);
      expect(after).not.toMatch(/Error|at .*\.js:\d+/);
      expect(readdirSync(records).filter((f) => f.endsWith('.jsonl'))).toHaveLength(1);
    } finally {
      tmux('kill-server');
    }
  }, 120_000);
});
