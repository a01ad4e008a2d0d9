import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import type { ServerConfig } from '../../src/config/config-file.js';
import { chooseProvider } from '../../src/runtime/provider-choice.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { stripAnsi } from '../../src/tui/ansi.js';
import { App } from '../../src/tui/app.js';
import { MissionSession } from '../../src/runtime/mission-session.js';
import { sharedDetector } from '../helpers/shared-detector.js';

export const KEY = { enter: '\r', escape: '\x1b', ctrlC: '\x03', ctrlX: '\x18', up: '\x1b[A', down: '\x1b[B', tab: '\t', right: '\x1b[C' };

export interface AppHarnessOptions {
  size?: { columns: number; rows: number };
  realtime?: boolean;
  record?: boolean;
  scenario?: string;
  /** External MCP servers, as from the config file. */
  servers?: ServerConfig[];
}

/** The whole UI over a real session (real world, robot, MCP server, planner), driven by key presses. */
export async function openApp(opts: AppHarnessOptions = {}) {
  const recordDir = opts.record ? mkdtempSync(join(tmpdir(), 'tui-rec-')) : null;
  const session = await MissionSession.open({
    scenario: loadScenario(opts.scenario ?? 'warehouse'),
    seed: 1,
    realtime: opts.realtime,
    sharedDetector: await sharedDetector(),
    provider: chooseProvider({}, { provider: 'planner' }),
    maxSteps: 40,
    ...(opts.servers ? { servers: opts.servers } : {}),
    recordDir,
    version: '0.0.0-test',
    env: {},
    wallClock: () => Date.UTC(2026, 10, 22, 12),
  });
  let quits = 0;
  const stdout = new FakeTerminal(opts.size ?? { columns: 120, rows: 40 });
  const stdin = new FakeKeyboard();
  const ink = render(<App session={session} version="0.0.0-test" depth={1} onQuit={() => quits++} />, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: new FakeTerminal({ columns: 80, rows: 24 }) as unknown as NodeJS.WriteStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const ui = { stdin, stdout, unmount: () => ink.unmount() };
  const screen = () => stripAnsi(stdout.last);
  const settle = () => new Promise((r) => setTimeout(r, 30));

  /** Polls the screen until `test` holds; generous bound, no timing asserted. */
  const waitFor = async (test: (screen: string) => boolean, what: string, timeoutMs = 25_000) => {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      if (test(screen())) return screen();
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`timed out waiting for ${what}; the screen was:\n${screen()}`);
  };
  const press = async (...keys: string[]) => {
    for (const k of keys) {
      ui.stdin.write(k);
      await settle();
    }
  };
  const submit = (line: string) => press(line, KEY.enter);
  const close = async () => {
    ui.unmount();
    await session.close();
  };
  /** The terminal window changes size. */
  const resize = (columns: number, rows: number) => stdout.resize(columns, rows);
  return { session, ui, screen, waitFor, press, submit, resize, close, recordDir, quits: () => quits };
}

/** A terminal of a given size that keeps the last frame Ink drew (debug mode writes whole frames). */
class FakeTerminal extends EventEmitter {
  isTTY = true;
  last = '';
  constructor(private size: { columns: number; rows: number }) {
    super();
  }
  get columns() {
    return this.size.columns;
  }
  get rows() {
    return this.size.rows;
  }
  write = (frame: string) => {
    this.last = frame;
    return true;
  };
  resize(columns: number, rows: number) {
    this.size = { columns, rows };
    this.emit('resize');
  }
}

/** Key presses as a raw-mode terminal would send them. */
class FakeKeyboard extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write(data: string) {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  }
  read = () => {
    const d = this.data;
    this.data = null;
    return d;
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}
