import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

describe('starting the TUI from the command line', () => {
  it('prints the help (exit 0) when robot-agent runs with no arguments and no terminal', async () => {
    const run = await runCli([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: robot-agent/);
    expect(run.stdout).toMatch(/tui \[options\]\s+interactive session/);
    expect(run.stderr).toBe('');
  });

  it('says in one line that `tui` needs a terminal', async () => {
    const run = await runCli(['tui']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('robot-agent: the interactive UI needs a terminal on stdin and stdout; in scripts use robot-agent run "<mission>"\n');
  });

  it('keeps commander\'s errors for words that are no command', async () => {
    const run = await runCli(['tiu']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown command 'tiu'/);
    expect(run.stderr).toMatch(/Did you mean tui\?/);
  });
});
