import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The real built program in a real pseudo-terminal (tmux), for end-to-end tests of the TUI: start
 * it, type, press keys, read the screen (and, after it exits, the terminal's scrollback). Needs
 * tmux and a build (npx tsc -p .); `tmuxSkipReason` says which is missing so a test can skip,
 * saying so.
 */
const root = resolve(import.meta.dirname, '../..');
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const built = existsSync(join(root, 'dist/cli/commands/tui.js'));

export const tmuxSkipReason: string | null = !hasTmux
  ? 'tmux is not installed (apt-get install -y tmux)'
  : !built
    ? 'the program is not built (npx tsc -p .)'
    : null;

export interface TuiTerminalOptions {
  columns: number;
  rows: number;
  /** Arguments after `robot-agent` (none: the UI, as a person starts it). */
  args?: string[];
}

export type TuiTerminal = ReturnType<typeof startTuiInTmux>;

let sessions = 0;

/**
 * Starts `robot-agent` in a fresh tmux server, in an empty directory, recording to a state folder
 * inside it (never the real home's). When the program ends the shell prints ROBOT_AGENT_EXIT=<code>
 * and keeps the pane open, so the screen and the scrollback stay readable.
 */
export function startTuiInTmux({ columns, rows, args = [] }: TuiTerminalOptions) {
  const cwd = mkdtempSync(join(tmpdir(), 'tui-e2e-'));
  const socket = `robot-agent-e2e-${process.pid}-${++sessions}`;
  const tmux = (...a: string[]) => spawnSync('tmux', ['-L', socket, ...a], { encoding: 'utf8' });
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  // Ink draws nothing live when it believes it runs under CI, so the program gets a plain terminal
  // environment; that includes no NODE_ENV=test from vitest, with which React's development build
  // makes every frame of a mission that scans dozens of times slower (a 12-view scan took a minute).
  const command = `env -u CI -u CONTINUOUS_INTEGRATION -u NODE_ENV XDG_STATE_HOME='${join(cwd, 'state')}' '${process.execPath}' '${join(root, 'bin/robot-agent.js')}' ${quoted}; echo ROBOT_AGENT_EXIT=$?; sleep 300`;
  const started = tmux('new-session', '-d', '-s', 'tui', '-x', String(columns), '-y', String(rows), '-c', cwd, command);
  if (started.status !== 0) throw new Error(`tmux did not start: ${started.stderr}`);

  /** The visible screen, as plain text. */
  const screen = () => tmux('capture-pane', '-p', '-t', 'tui').stdout;
  /** Everything the terminal holds: its scrollback and the visible screen. */
  const scrollback = () => tmux('capture-pane', '-p', '-S', '-', '-t', 'tui').stdout;

  /** Polls the screen until `test` holds; a generous bound, and no timing is asserted. */
  const waitForScreen = async (test: (s: string) => boolean, what: string, timeoutMs = 60_000): Promise<string> => {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const s = screen();
      if (test(s)) return s;
      // The program ended and what was awaited is not there: it will not come.
      if (s.includes('ROBOT_AGENT_EXIT=')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}; the terminal showed:\n${screen()}`);
  };

  return {
    cwd,
    screen,
    scrollback,
    waitForScreen,
    /** Types text literally, as a person would. */
    type: (text: string) => void tmux('send-keys', '-t', 'tui', '-l', text),
    /** Presses keys by tmux name: Enter, Escape, C-c, C-o, Tab, Up… */
    press: (...keys: string[]) => void tmux('send-keys', '-t', 'tui', ...keys),
    /** Ends the tmux server and whatever still runs in it. */
    kill: () => void tmux('kill-server'),
  };
}
