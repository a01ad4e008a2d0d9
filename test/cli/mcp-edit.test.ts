import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfigText } from '../../src/config/config-file.js';
import { starterConfigText } from '../../src/cli/starter-config.js';
import { runBuilt } from '../helpers/run-built.js';
import { runCli } from '../helpers/run-cli.js';

/** A config file in a fresh folder, holding `text` (none when undefined). */
function configFile(text?: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ra-mcp-edit-')), 'robot-agent.json');
  if (text !== undefined) writeFileSync(file, text);
  return file;
}

const commentLines = (text: string) => text.split('\n').filter((l) => l.trim().startsWith('//'));

/** The file's servers as robot-agent reads them, with `env` for its env: references. */
const serversIn = (file: string, env: NodeJS.ProcessEnv = {}) => parseConfigText(readFileSync(file, 'utf8'), 'cfg', env, path.dirname(file));

describe('robot-agent mcp add / remove', () => {
  it('adds a stdio server and an HTTP server with headers to a commented file, keeping every comment', async () => {
    const file = configFile(starterConfigText());
    const stdio = await runCli(['mcp', 'add', 'files', '--config', file, '-e', 'ROOT=/tmp', '--', 'npx', '-y', 'server-filesystem', '/tmp']);
    expect(stdio.code, stdio.stderr).toBe(0);
    expect(stdio.stdout).toMatch(/^added stdio server "files" \(npx -y server-filesystem \/tmp\) in .*robot-agent\.json/);
    const http = await runCli(['mcp', 'add', 'web', '--url', 'https://example.com/mcp', '--header', 'Authorization=env:WEB_AUTH', '-H', 'X-Trace: on', '--config', file]);
    expect(http.code, http.stderr).toBe(0);
    expect(http.stdout).toContain('values are stored as written');

    const text = readFileSync(file, 'utf8');
    expect(commentLines(text)).toEqual(commentLines(starterConfigText()));
    expect(serversIn(file, { WEB_AUTH: 'Bearer s3cret' })).toEqual([
      { name: 'files', transport: 'stdio', command: 'npx', args: ['-y', 'server-filesystem', '/tmp'], env: { ROOT: '/tmp' }, disabled: false },
      { name: 'web', transport: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer s3cret', 'X-Trace': 'on' }, disabled: false },
    ]);
    // One line each, first in the object, before the commented examples (which stay uncommentable: trailing commas).
    expect(text).toContain(
      '  "mcpServers": {\n    "files": { "command": "npx", "args": ["-y", "server-filesystem", "/tmp"], "env": { "ROOT": "/tmp" } },\n' +
        '    "web": { "url": "https://example.com/mcp", "headers": { "Authorization": "env:WEB_AUTH", "X-Trace": "on" } },\n    // A server started',
    );
  });

  it('refuses a duplicate name unless --force, which replaces the entry in place', async () => {
    const file = configFile('{\n    "mcpServers": {\n        "a": { "command": "one" },\n        "b": { "command": "two" }\n    }\n}\n');
    const before = readFileSync(file, 'utf8');
    const dup = await runCli(['mcp', 'add', 'a', '--config', file, '--', 'other']);
    expect([dup.code, dup.stderr]).toEqual([2, `robot-agent: server "a" is already in ${file}: pass --force to replace it, or remove it first (robot-agent mcp remove a)\n`]);
    expect(readFileSync(file, 'utf8')).toBe(before);
    const forced = await runCli(['mcp', 'add', 'a', '--force', '--config', file, '--url', 'http://127.0.0.1:1/mcp']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/^replaced Streamable HTTP server "a"/);
    expect(serversIn(file).map((s) => [s.name, s.transport])).toEqual([['a', 'http'], ['b', 'stdio']]);
    // The file's own indentation (four spaces) is kept for the new entry.
    expect(readFileSync(file, 'utf8')).toMatch(/^ {8}"a": \{\n {12}"url"/m);
  });

  it('removes a server, leaving the rest and the comments as they were', async () => {
    const text = '{\n  // mine\n  "mcpServers": {\n    "keep": { "command": "k" }, // stays\n    "drop": { "url": "http://127.0.0.1:2/mcp" }\n  },\n  "recordDir": "runs"\n}\n';
    const file = configFile(text);
    const removed = await runCli(['mcp', 'remove', 'drop', '--config', file]);
    expect([removed.code, removed.stdout]).toEqual([0, `removed server "drop" from ${file}\n`]);
    const after = readFileSync(file, 'utf8');
    // Only the entry's line went, and the comma it left trailing; the comment after "keep" stays.
    expect(after).toBe('{\n  // mine\n  "mcpServers": {\n    "keep": { "command": "k" } // stays\n  },\n  "recordDir": "runs"\n}\n');
    expect(serversIn(file).map((s) => s.name)).toEqual(['keep']);

    const unknown = await runCli(['mcp', 'remove', 'nope', '--config', file]);
    expect([unknown.code, unknown.stderr]).toEqual([2, `robot-agent: no server "nope" in ${file}: its servers are "keep"\n`]);
    expect(readFileSync(file, 'utf8')).toBe(after);
    const missing = await runCli(['mcp', 'remove', 'keep', '--config', path.join(path.dirname(file), 'absent.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^robot-agent: config file .*absent\.json not found: there is no server to remove\n$/);
  });

  it('says what is wrong with bad input in one line, exit 2, and leaves the file alone', async () => {
    const file = configFile('{ "mcpServers": {} }\n');
    const cases: [string[], RegExp][] = [
      [['mcp', 'add', 'bad name', '--', 'x'], /server name "bad name" must be 1-64 letters/],
      [['mcp', 'add', 'x'], /nothing to start: give the server's command after --/],
      [['mcp', 'add', 'x', '--url', 'http://h/mcp', '--', 'cmd'], /either a command after -- .* or --url URL .*, not both/],
      [['mcp', 'add', 'x', '--header', 'A=b', '--', 'cmd'], /--header is for --url servers/],
      [['mcp', 'add', 'x', '--url', 'http://h/mcp', '--header', 'novalue'], /--header "novalue" should be KEY=VALUE/],
      // The URL typed is blamed, not the file it would have gone into.
      [['mcp', 'add', 'x', '--url', 'ftp://h/mcp'], /^robot-agent: --url ftp:\/\/h\/mcp: expected an http:\/\/ or https:\/\/ URL/],
      [['mcp', 'add', 'x', '--url', 'notaurl'], /^robot-agent: --url notaurl: expected an http:\/\/ or https:\/\/ URL/],
      [['mcp', 'add', 'x', '--url', 'http://h/mcp', '--env', 'A=b'], /--env is for stdio servers/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli([...args, '--config', file]);
      expect([args.join(' '), run.code]).toEqual([args.join(' '), 2]);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).toMatch(/ \(see robot-agent mcp add --help\)\n$/);
    }
    expect(readFileSync(file, 'utf8')).toBe('{ "mcpServers": {} }\n');
    expect(readdirSync(path.dirname(file))).toEqual(['robot-agent.json']);
  });

  it('refuses to edit a file that is already broken, naming the mistake', async () => {
    const file = configFile('{ "mcpServers": { "a": { "command": "x" } } oops }');
    const run = await runCli(['mcp', 'add', 'b', '--config', file, '--', 'y']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/robot-agent: .*robot-agent\.json: invalid JSON: .* at line 1, column \d+\n$/);
    expect(readFileSync(file, 'utf8')).toBe('{ "mcpServers": { "a": { "command": "x" } } oops }');
  });

  it('edits the config robot-agent reads here, else the user\'s; --scope picks one, and the output names the file changed', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'ra-mcp-cwd-'));
    const [cwd, home] = [path.join(root, 'project'), path.join(root, 'home')];
    mkdirSync(cwd);
    mkdirSync(home);
    const env = { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_STATE_HOME: path.join(home, 'state') };
    const userConfig = path.join(home, '.config', 'robot-agent', 'config.json');
    const projectConfig = path.join(cwd, 'robot-agent.json');
    const serversRead = async () => (await loadConfig({ env: {}, cwd, homedir: home })).servers.map((s) => s.name);

    // No config anywhere: the user's is created, not a file in whatever folder this runs in.
    const created = await runBuilt(['mcp', 'add', 'everything', '--', 'npx', '-y', '@modelcontextprotocol/server-everything', 'stdio'], { cwd, env });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(`in ${userConfig};`);
    expect(existsSync(projectConfig)).toBe(false);
    expect(await serversRead()).toEqual(['everything']);

    // --scope project: this folder's own file, which from now on hides the user's here (and says so).
    const project = await runBuilt(['mcp', 'add', 'web', '--scope', 'project', '--url', 'http://127.0.0.1:3/mcp'], { cwd, env });
    expect(project.code, project.stderr).toBe(0);
    expect(project.stdout).toContain('in robot-agent.json;');
    expect(project.stdout).toContain(`in this folder robot-agent.json takes the place of ${userConfig}`);
    expect(await serversRead()).toEqual(['web']);

    // Without --scope, the file read here is the one edited; --scope user edits the other and says it is hidden here.
    const here = await runBuilt(['mcp', 'add', 'local', '--', 'node', 'local.js'], { cwd, env });
    expect([here.code, here.stdout]).toEqual([0, expect.stringContaining('in robot-agent.json;')]);
    expect(await serversRead()).toEqual(['web', 'local']);
    const user = await runBuilt(['mcp', 'remove', 'everything', '--scope', 'user'], { cwd, env });
    expect(user.code, user.stderr).toBe(0);
    expect(user.stdout).toBe(`removed server "everything" from ${userConfig}\nin this folder robot-agent reads robot-agent.json instead: it reads only the first config file it finds\n`);

    const both = await runBuilt(['mcp', 'add', 'x', '--scope', 'user', '--config', projectConfig, '--', 'y'], { cwd, env });
    expect([both.code, both.stderr]).toEqual([2, 'robot-agent: give --config PATH or --scope project|user, not both (see robot-agent mcp add --help)\n']);
    const badScope = await runBuilt(['mcp', 'add', 'x', '--scope', 'global', '--', 'y'], { cwd, env });
    expect(badScope.code).toBe(2);
    expect(badScope.stderr).toMatch(/'global'.*project, user.*\(see robot-agent mcp add --help\)\n$/);
  });

  it('edits a symlinked config through the link, leaving the link in place', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ra-mcp-link-'));
    const target = path.join(dir, 'dotfiles', 'robot-agent.json');
    mkdirSync(path.dirname(target));
    writeFileSync(target, '{ "mcpServers": {} }\n');
    const link = path.join(dir, 'robot-agent.json');
    symlinkSync(path.join('dotfiles', 'robot-agent.json'), link);

    const added = await runCli(['mcp', 'add', 'files', '--config', link, '--', 'node', 'files.js']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain(`in ${link};`);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(serversIn(target).map((s) => s.name)).toEqual(['files']);
    const removed = await runCli(['mcp', 'remove', 'files', '--config', link]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(serversIn(target)).toEqual([]);
    expect(readdirSync(path.dirname(target))).toEqual(['robot-agent.json']);
  });

  it('has help for add and remove', async () => {
    const add = await runCli(['mcp', 'help', 'add']);
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/^Usage: robot-agent mcp add .*<name> -- <command> \[args\.\.\.\]/);
    expect(add.stdout).toContain('--header');
    const group = await runCli(['help', 'mcp']);
    expect(group.stdout).toMatch(/add \[options\] <name> \[command\.\.\.\]/);
    expect(group.stdout).toMatch(/remove \[options\] <name>/);
  });
});
