import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgram } from '../../src/cli/program.js';
import { listScenarios } from '../../src/sim/scenario.js';
import { runCli } from '../helpers/run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ra-completion-'));

/** The script `robot-agent completion SHELL` prints, saved to a file. */
async function script(shell: 'bash' | 'zsh' | 'fish'): Promise<string> {
  const run = await runCli(['completion', shell]);
  expect([run.code, run.stderr]).toEqual([0, '']);
  const file = path.join(dir, `robot-agent.${shell}`);
  writeFileSync(file, run.stdout);
  return file;
}

const hasShell = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;
const shellRun = (shell: string, args: string[]) => spawnSync(shell, args, { encoding: 'utf8', cwd: dir, env: { PATH: process.env.PATH, HOME: dir } });

let tmuxServers = 0;

/**
 * `zsh -f` in a real terminal (tmux), after `setup`: `complete(line, done)` types the line on a
 * fresh prompt, presses Tab, and waits (a generous bound; no timing is asserted) until the screen
 * shows what `done` looks for, returning the screen.
 */
function zshInTmux(setup: string) {
  const socket = `robot-agent-zsh-${process.pid}-${++tmuxServers}`;
  const tmux = (...a: string[]) => spawnSync('tmux', ['-L', socket, ...a], { encoding: 'utf8' });
  const started = tmux('new-session', '-d', '-x', '150', '-y', '40', '-c', dir, `env -i HOME='${dir}' TERM=xterm PATH='${process.env.PATH}' PS1='> ' zsh -f`);
  if (started.status !== 0) throw new Error(`tmux did not start: ${started.stderr}`);
  const screen = () => tmux('capture-pane', '-p', '-t', '0').stdout;
  const waitFor = async (test: (s: string) => boolean, what: string): Promise<string> => {
    for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
      if (test(screen())) return screen();
    }
    throw new Error(`zsh did not show ${what}; the terminal showed:\n${screen()}`);
  };
  const ready = (async () => {
    // The prompt changes once the setup is done, so nothing typed reaches a zsh still loading compinit.
    tmux('send-keys', '-t', '0', '-l', `${setup} && PS1='COMPLETING> '`);
    tmux('send-keys', '-t', '0', 'Enter');
    await waitFor((s) => /^COMPLETING>/m.test(s), 'its prompt after the setup');
  })();
  return {
    async complete(line: string, done: (screen: string) => boolean): Promise<string> {
      await ready;
      tmux('send-keys', '-t', '0', 'C-c');
      tmux('send-keys', '-t', '0', 'C-l');
      await waitFor((s) => s.trim() === 'COMPLETING>', 'a fresh prompt');
      tmux('send-keys', '-t', '0', '-l', line);
      tmux('send-keys', '-t', '0', 'Tab');
      return waitFor(done, `the completion of "${line}"`);
    },
    kill: () => void tmux('kill-server'),
  };
}

/** Top-level command names as the program defines them (so a new command is covered without editing this test). */
function topLevelCommands(): string[] {
  const io = { stdout: new PassThrough(), stderr: new PassThrough(), env: {} };
  return createProgram(io).commands.map((c) => c.name());
}

/** What bash's completion function offers for the words typed (the last one being completed). */
function bashComplete(file: string, words: string[]): string[] {
  const quoted = words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  const run = shellRun('bash', ['-c', `source '${file}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _robot_agent; printf '%s\\n' "\${COMPREPLY[@]}"`]);
  expect(run.stderr).toBe('');
  return run.stdout.split('\n').filter(Boolean);
}

describe('robot-agent completion', () => {
  it('prints a bash script that bash accepts and that completes commands, options and values', async () => {
    const file = await script('bash');
    expect(shellRun('bash', ['-n', file]).status).toBe(0);
    expect(bashComplete(file, ['robot-agent', 'ru'])).toEqual(['run']);
    expect(bashComplete(file, ['robot-agent', ''])).toEqual(expect.arrayContaining([...topLevelCommands(), 'help']));
    expect(bashComplete(file, ['robot-agent', 'mcp', 'a'])).toEqual(['add']);
    expect(bashComplete(file, ['robot-agent', 'run', '--scen'])).toEqual(['--scenario']);
    expect(bashComplete(file, ['robot-agent', 'run', 'pick up the cube', '--scenario', 'wa'])).toEqual(['warehouse']);
    expect(bashComplete(file, ['robot-agent', 'sim', '-s', ''])).toEqual(expect.arrayContaining(listScenarios().map((s) => s.name)));
    expect(bashComplete(file, ['robot-agent', 'run', '--output', ''])).toEqual(['text', 'json', 'stream-json']);
    expect(bashComplete(file, ['robot-agent', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    expect(bashComplete(file, ['robot-agent', '--verbose', 'help', 'doc'])).toEqual(['doctor']);
    // Recordings complete as files, besides "last".
    writeFileSync(path.join(dir, 'mission-1.jsonl'), '');
    expect(bashComplete(file, ['robot-agent', 'replay', ''])).toEqual(expect.arrayContaining(['last', 'mission-1.jsonl']));
    // An option's value is not taken for a command: `--seed 3` leaves `run` the command.
    expect(bashComplete(file, ['robot-agent', 'run', '--seed', '3', '--ou'])).toEqual(['--output']);
  });

  it.skipIf(!hasShell('zsh') || !hasShell('tmux'))('prints a zsh script that completes in a real zsh, on Tab (skipped without zsh or tmux)', async () => {
    const file = await script('zsh');
    expect(shellRun('zsh', ['-n', file]).status).toBe(0);
    // (The terminal's capture drops the space zsh types after a completed word.)
    // A bare zsh in a real terminal with the completion system as a user starts it, and the script sourced after it.
    const zsh = zshInTmux(`autoload -U compinit && compinit -u && source '${file}'`);
    try {
      expect(await zsh.complete('robot-agent ru', (s) => /^COMPLETING> robot-agent run$/m.test(s))).toMatch(/robot-agent run$/m);
      // Several candidates: zsh lists them with their descriptions.
      const listed = await zsh.complete('robot-agent mcp ', (s) => /^remove +-- /m.test(s));
      expect(listed).toMatch(/^add +-- add an MCP server/m);
      expect(listed).toMatch(/^list +-- /m);
      expect(await zsh.complete('robot-agent run --scenario wa', (s) => /--scenario warehouse$/m.test(s))).toContain('robot-agent run --scenario warehouse');
      expect(await zsh.complete('robot-agent run --out', (s) => /--output$/m.test(s))).toContain('robot-agent run --output');
      writeFileSync(path.join(dir, 'mission-2.jsonl'), '');
      expect(await zsh.complete('robot-agent replay mission-2', (s) => /replay mission-2\.jsonl$/m.test(s))).toContain('mission-2.jsonl');
    } finally {
      zsh.kill();
    }
  });

  it.skipIf(!hasShell('fish'))('prints a fish script that fish accepts and that completes (skipped when fish is not installed)', async () => {
    const file = await script('fish');
    expect(shellRun('fish', ['-n', file]).status).toBe(0);
    const complete = (line: string) => shellRun('fish', ['-c', `source '${file}'; complete -C '${line}'`]).stdout.split('\n').filter(Boolean).map((l) => l.split('\t')[0]);
    expect(complete('robot-agent ru')).toEqual(['run']);
    expect(complete('robot-agent mcp re')).toEqual(['remove']);
    expect(complete('robot-agent run --scenario wa')).toEqual(['warehouse']);
    expect(complete('robot-agent replay la')).toEqual(['last']);
  });

  it('refuses a shell it does not know, with exit 2', async () => {
    const run = await runCli(['completion', 'powershell']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^robot-agent: .*'powershell'.*bash, zsh, fish.*\(see robot-agent completion --help\)\n$/);
  });
});
