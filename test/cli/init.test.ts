import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config-file.js';
import { EXAMPLE_SERVERS, starterConfigText } from '../../src/cli/starter-config.js';
import { runBuilt } from '../helpers/run-built.js';
import { runCli } from '../helpers/run-cli.js';

/** A folder to start the program in, and a home with no config of its own. */
function freshFolders(): { cwd: string; env: NodeJS.ProcessEnv } {
  const root = mkdtempSync(path.join(tmpdir(), 'ra-init-'));
  const cwd = path.join(root, 'project');
  const home = path.join(root, 'home');
  mkdirSync(cwd);
  mkdirSync(home);
  return { cwd, env: { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_STATE_HOME: path.join(home, 'state') } };
}

describe('robot-agent init', () => {
  it('writes a commented robot-agent.json in the current folder that the config loader reads as it is', async () => {
    const { cwd, env } = freshFolders();
    const run = await runBuilt(['init'], { cwd, env });
    expect(run.code, run.stderr).toBe(0);
    const file = path.join(cwd, 'robot-agent.json');
    expect(run.stdout).toMatch(/^wrote robot-agent\.json: /);
    const text = readFileSync(file, 'utf8');
    expect(text).toBe(starterConfigText());
    expect(text).toMatch(/^\/\/ /m);
    // The real loader, looking where run looks: the file is found and valid, with no server started.
    expect(await loadConfig({ env: {}, cwd, homedir: env.HOME! })).toEqual({ path: file, servers: [] });
  });

  it('refuses to replace a file that is there unless --force, with one line and exit 2', async () => {
    const { cwd, env } = freshFolders();
    const file = path.join(cwd, 'robot-agent.json');
    writeFileSync(file, '{ "mcpServers": { "mine": { "command": "keep-me" } } }\n');
    const refused = await runBuilt(['init'], { cwd, env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe('robot-agent: robot-agent.json already exists: edit it (robot-agent mcp add NAME … adds a server), or pass --force to replace it with the starter (see robot-agent init --help)\n');
    expect(readFileSync(file, 'utf8')).toContain('keep-me');
    const forced = await runBuilt(['init', '--force'], { cwd, env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(starterConfigText());
  });

  it('says when the new file takes the place of the user\'s config in this folder', async () => {
    const { cwd, env } = freshFolders();
    const userConfig = path.join(env.XDG_CONFIG_HOME!, 'robot-agent', 'config.json');
    mkdirSync(path.dirname(userConfig), { recursive: true });
    writeFileSync(userConfig, '{ "mcpServers": { "mine": { "command": "everywhere" } } }\n');
    const run = await runBuilt(['init'], { cwd, env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')).toContain(`in this folder robot-agent.json takes the place of ${userConfig}: robot-agent reads only the first config file it finds`);
    // And it is true: the loader reads the new, empty file here.
    expect(await loadConfig({ env: {}, cwd, homedir: env.HOME! })).toEqual({ path: path.join(cwd, 'robot-agent.json'), servers: [] });
    // Without another config there is nothing to say.
    const alone = await runBuilt(['init'], freshFolders());
    expect(alone.stdout).not.toContain('takes the place');
  });

  it('writes into a folder given with --path, and says how to use a file robot-agent does not look for', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ra-init-path-'));
    const intoFolder = await runCli(['init', '--path', dir]);
    expect(intoFolder.code, intoFolder.stderr).toBe(0);
    expect(existsSync(path.join(dir, 'robot-agent.json'))).toBe(true);
    expect(intoFolder.stdout).toContain(`pass --config ${path.join(dir, 'robot-agent.json')}`);
    const nested = path.join(dir, 'new', 'folder', 'settings.json');
    const asFile = await runCli(['init', '--path', nested]);
    expect(asFile.code, asFile.stderr).toBe(0);
    expect((await loadConfig({ explicitPath: nested, env: {}, cwd: dir, homedir: dir })).servers).toEqual([]);
  });

  it('has examples that load once uncommented', async () => {
    // Every commented setting line ("name": value,) made live: the starter's promise that a server is one uncommented line away.
    const live = starterConfigText().replace(/^(\s*)\/\/ ("[\w-]+": .*,)$/gm, '$1$2');
    expect(live).not.toBe(starterConfigText());
    const dir = mkdtempSync(path.join(tmpdir(), 'ra-init-live-'));
    const file = path.join(dir, 'robot-agent.json');
    writeFileSync(file, live);
    const config = await loadConfig({ explicitPath: file, env: { OTHER_ROBOT_AUTH: 'Bearer t' }, cwd: dir, homedir: dir });
    expect(config.servers.map((s) => s.name)).toEqual(Object.keys(EXAMPLE_SERVERS));
    expect(config.servers[1]).toMatchObject({ transport: 'http', headers: { Authorization: 'Bearer t' } });
    expect(config.recordDir).toBe(path.join(dir, 'recordings'));
    expect(config.mcpTimeoutMs).toBe(20_000);
  });

  it('has help', async () => {
    const help = await runCli(['help', 'init']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: robot-agent init \[options\]/);
    expect(help.stdout).toContain('--force');
  });
});
