import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../src/config/config-file.js';
import { McpHub } from '../../src/mcp/client/hub.js';
import { mcpLines } from '../../src/tui/mcp-lines.js';
import { PROMPT_MARK } from '../../src/tui/components/prompt-line.js';
import { CHOSEN_MARK } from '../../src/tui/components/slash-menu.js';
import { KEY, openApp } from './app-harness.js';

let app: Awaited<ReturnType<typeof openApp>> | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The line the prompt shows: the one row that starts with its mark. */
const promptOf = (screen: string) => screen.split('\n').findLast((l) => l.startsWith(PROMPT_MARK));

describe('the slash command menu', () => {
  it('opens on /, narrows as you type, completes with Tab and runs with Enter', async () => {
    app = await openApp({ size: { columns: 80, rows: 24 } });
    await app.press('/');
    const menu = await app.waitFor((s) => s.includes('/status') && s.includes('robot, world and session'), 'the menu');
    expect(menu).toMatch(/▸ \/status +robot, world and session/); // the first one chosen
    // The chosen row is not mistaken for the prompt: only the prompt starts with its mark.
    expect(CHOSEN_MARK).not.toBe(PROMPT_MARK);
    expect(menu.split('\n').filter((l) => l.startsWith(PROMPT_MARK))).toEqual(['› /']);
    expect(menu).toMatch(/ {2}\/scenario \[NAME\] +list scenarios/);
    expect(menu).toContain('Tab complete · Enter run · Esc close the list');
    expect(menu.split('\n').length).toBeLessThanOrEqual(23); // the menu takes rows from the conversation, not the screen

    await app.press('s', 'c');
    await app.waitFor((s) => !s.includes('/status'), 'the list narrowed to /scenario');
    await app.press(KEY.tab);
    const names = await app.waitFor((s) => s.includes('low-battery'), 'the scenario names');
    expect(promptOf(names)).toMatch(/^› \/scenario\s*$/);
    await app.press('t', 'w', KEY.tab);
    await app.waitFor((s) => promptOf(s)?.startsWith('› /scenario twins') === true, 'the completed name');
    await app.press(KEY.enter);
    await app.waitFor((s) => s.includes('new world: scenario twins'), 'the new world');
  });

  it('chooses with the arrows, keeps a command that needs an argument open, and closes on Esc', async () => {
    app = await openApp();
    await app.press('/', KEY.down);
    await app.waitFor((s) => /▸ \/scenario \[NAME\]/.test(s), 'the second command chosen');
    await app.press(KEY.up, KEY.up);
    await app.waitFor((s) => /▸ \/quit/.test(s), 'the choice wrapping round to the last');
    await app.press(KEY.down, KEY.down, KEY.enter);
    // /scenario without a name lists them.
    await app.waitFor((s) => s.includes('/scenario NAME starts over in:'), 'the scenario list');

    await app.press('/rep', KEY.enter);
    await app.waitFor((s) => promptOf(s)?.startsWith('› /replay') === true && !s.includes('usage: /replay'), 'Enter leaving /replay to complete');
    await app.press('\x15', '/he');
    await app.waitFor((s) => s.includes('keys and commands'), 'the menu for /he');
    await app.press(KEY.escape);
    await app.waitFor((s) => !s.includes('keys and commands') && promptOf(s)?.startsWith('› /he') === true, 'the menu closed, the text kept');
    await app.press(KEY.enter);
    await app.waitFor((s) => s.includes('unknown command /he'), 'the line run as typed');
  });

  it('completes /replay from the recordings folder and plays the chosen one', async () => {
    app = await openApp({ record: true });
    await app.submit('go to bin a');
    await app.waitFor((s) => s.includes('■ succeeded'), 'a mission to record');
    await app.press('/replay ');
    await app.waitFor((s) => /▸ last +the newest: go to bin a · warehouse · succeeded/.test(s), '`last` offered first');
    await app.waitFor((s) => /go to bin a · warehouse · succeeded/.test(s), 'the recording offered');
    await app.press(KEY.down, KEY.tab);
    await app.waitFor((s) => (promptOf(s) ?? '').includes(app!.recordDir!), 'its path in the prompt');
    await app.press(KEY.enter);
    await app.waitFor((s) => s.includes('▶ replay 1x'), 'the playback');
  });

  it('plays the newest recording on /replay last, as the CLI does, and says so when there is none', async () => {
    app = await openApp({ record: true });
    await app.submit('/replay last');
    await app.waitFor((s) => s.includes('"last" names no recording: there are none in'), 'the empty folder said');
    await app.submit('go to bin a');
    await app.waitFor((s) => s.includes('■ succeeded'), 'a mission to record');
    await app.submit('/replay last 8');
    await app.waitFor((s) => s.includes('▶ replay 8x') && s.includes('▶ playing back'), 'the newest played back');
  });

  it('lets Esc stop a running mission even while the menu is open', async () => {
    app = await openApp({ realtime: true });
    await app.submit('go to the shelf');
    await app.waitFor((s) => /navigate_to_zone zone=shelf .*\d+%/.test(s), 'the robot to be driving');
    await app.press('/');
    const menu = await app.waitFor((s) => s.includes('robot, world and session'), 'the menu');
    expect(menu).toContain('Esc cancel mission');
    expect(menu).not.toContain('Esc close the list');
    await app.press(KEY.escape);
    await app.waitFor((s) => s.includes('■ aborted: cancelled by the user; the robot was stopped'), 'the cancelled mission');
  });

  it('reads keys that arrive in one read as typed: the menu picks on Enter, each line runs or waits its turn', async () => {
    // A busy machine hands the program "/mc" and Enter together, as a paste would.
    app = await openApp({ size: { columns: 80, rows: 24 }, realtime: true });
    await app.press('/mc\r');
    await app.waitFor((s) => s.includes('robot (embedded) · connected'), 'the /mcp listing, chosen from the menu');
    expect(app.screen()).not.toContain('unknown command');
    await app.press('go to the shelf\rgo to bin a\rgo to bin b\rcharge');
    await app.waitFor((s) => s.includes('queued: go to bin a') && s.includes('queued: go to bin b'), 'the two later lines queued');
    expect(promptOf(app.screen())).toMatch(/^› charge/); // text after the last line break stays in the prompt
  });

  it('keeps Tab for the map and camera when the line is not a command', async () => {
    app = await openApp({ size: { columns: 80, rows: 24 } });
    await app.press('go', KEY.tab);
    await app.waitFor((s) => s.includes('camera') && !s.includes('map 10×8 m'), 'the camera panel');
    expect(promptOf(app.screen())).toMatch(/^› go/);
  });
});

const fixtures = resolve(import.meta.dirname, '../fixtures');
const stdio = (name: string, command: string, args: string[]): ServerConfig => ({ name, transport: 'stdio', command, args, env: {}, disabled: false });
const servers: ServerConfig[] = [
  stdio('pinger', process.execPath, [`${fixtures}/crashing-mcp-server.mjs`]),
  stdio('broken', 'robot-agent-no-such-command-xyz', []),
  { name: 'off', transport: 'http', url: 'http://127.0.0.1:9/mcp', headers: {}, disabled: true },
];

describe('/mcp', () => {
  it('lists each server with its transport, state (with why, or how long it took), and its tools', async () => {
    // A server stuck at start-up stays `connecting` while the others are done.
    const hub = new McpHub({ servers: [...servers, stdio('hung', process.execPath, [`${fixtures}/slow-mcp-server.mjs`, '--hang'])], connectTimeoutMs: 60_000 });
    await hub.start();
    try {
      const done = (name: string) => ['connected', 'failed'].includes(hub.status().find((s) => s.name === name)!.state);
      for (let i = 0; i < 400 && !(done('pinger') && done('broken')); i++) await new Promise((r) => setTimeout(r, 50));
      const lines = mcpLines(hub);
      expect(lines[0]).toBe('MCP servers: 4 configured, 1 connected');
      expect(lines).toContainEqual(expect.stringMatching(/^✓ pinger \(stdio\) · connected \(2 tools, \d+ ms\)$/));
      expect(lines).toContain('    ping — Answers pong.'); // its name as the server gives it, the description's first line
      expect(lines).toContain('    crash — Exits the server process without answering.');
      expect(lines.find((l) => l.startsWith('✗ broken (stdio) · failed: '))).toContain('robot-agent-no-such-command-xyz');
      expect(lines).toContain('○ off (http) · disabled');
      expect(lines).toContain('… hung (stdio) · connecting');
    } finally {
      await hub.close();
    }
  });

  it('shows them in the session, the robot server first', async () => {
    app = await openApp({ servers });
    await app.session.getState().runtime.hub.settled();
    await app.submit('/mcp');
    const shown = await app.waitFor((s) => /pinger \(stdio\) · connected \(2 tools, \d+ ms\)/.test(s), 'the /mcp listing');
    expect(shown).toMatch(/✓ robot \(embedded\) · connected \(\d+ tools\)/);
    expect(shown).toMatch(/get_robot_status, get_state, arm/);
    expect(shown).toContain('ping — Answers pong.');
    expect(shown).toContain('✗ broken (stdio) · failed');
  });
});
