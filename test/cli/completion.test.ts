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

  it.skipIf(!hasShell('zsh'))('prints a zsh script that zsh accepts and that completes (skipped when zsh is not installed)', async () => {
    const file = await script('zsh');
    expect(shellRun('zsh', ['-n', file]).status).toBe(0);
    // The completion system's builtins stubbed to print what they were given: the script's own walk is what is tested.
    const harness = `compdef() { :; }; source '${file}'
      _describe() { print -r -- "\${(@)\${(P)4}%%:*}"; }; compadd() { print -r -- "\${(P)2}"; }; _files() { print -r -- "_files $*"; }; compset() { :; }
      words=(robot-agent mcp ''); CURRENT=3; _robot-agent
      words=(robot-agent run --scenario ''); CURRENT=4; _robot-agent`;
    const run = shellRun('zsh', ['-c', harness]);
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n')).toEqual(['list add remove help', listScenarios().map((s) => s.name).join(' '), '_files ', '']);
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
