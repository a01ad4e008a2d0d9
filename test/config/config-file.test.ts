import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, configCandidates, loadConfig, parseConfigFile, parseConfigText } from '../../src/config/config-file.js';

const parse = (value: unknown, env: NodeJS.ProcessEnv = {}) =>
  parseConfigText(typeof value === 'string' ? value : JSON.stringify(value), 'cfg.json', env, '/base');

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfigText', () => {
  it('reads stdio and http servers in the Claude Desktop format', () => {
    const servers = parse({
      mcpServers: {
        files: { command: 'npx', args: ['-y', 'server-filesystem', '/tmp'], env: { A: 'b' }, cwd: 'sub' },
        'db-1': { url: 'https://example.com/mcp', headers: { 'X-Key': 'k' }, timeoutSeconds: 2.5 },
        off: { command: 'nothing', disabled: true },
      },
    });
    expect(servers).toEqual([
      { name: 'files', transport: 'stdio', command: 'npx', args: ['-y', 'server-filesystem', '/tmp'], env: { A: 'b' }, cwd: path.resolve('/base', 'sub'), disabled: false },
      { name: 'db-1', transport: 'http', url: 'https://example.com/mcp', headers: { 'X-Key': 'k' }, timeoutMs: 2500, disabled: false },
      { name: 'off', transport: 'stdio', command: 'nothing', args: [], env: {}, disabled: true },
    ]);
  });

  it('accepts an empty file object and a "type" field other clients write', () => {
    expect(parse({})).toEqual([]);
    expect(parse({ mcpServers: { a: { type: 'stdio', command: 'x' } } })[0]).toMatchObject({ transport: 'stdio' });
  });

  it('resolves env:NAME in env, args, url and headers', () => {
    const env = { TOKEN: 's3cret', PORT_URL: 'http://127.0.0.1:9/mcp', ARG: '--fast', KEY: 'abc' };
    const [stdio, http] = parse(
      {
        mcpServers: {
          s: { command: 'srv', args: ['env:ARG', 'literal'], env: { API_KEY: 'env:KEY' } },
          h: { url: 'env:PORT_URL', headers: { Authorization: 'env:TOKEN' } },
        },
      },
      env,
    );
    expect(stdio).toMatchObject({ args: ['--fast', 'literal'], env: { API_KEY: 'abc' } });
    expect(http).toMatchObject({ url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 's3cret' } });
  });

  it('fails only the server whose env: reference is unset, naming the field and variable', () => {
    const servers = parse(
      {
        mcpServers: {
          weather: { command: 'w', env: { KEY: 'env:WEATHER_KEY' } },
          db: { url: 'env:DB_URL', headers: { Authorization: 'env:DB_AUTH' } },
          ok: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'env:SET' } },
        },
      },
      { SET: 'yes' },
    );
    const [weather, db, ok] = servers;
    expect(weather).toMatchObject({
      name: 'weather',
      env: { KEY: 'env:WEATHER_KEY' },
      startError: 'environment variable WEATHER_KEY is not set (mcpServers.weather.env.KEY in cfg.json is "env:WEATHER_KEY"); set it, or give the server "disabled": true',
    });
    // The first unset variable is named; a URL left unresolved is not judged as a URL.
    expect(db?.startError).toMatch(/^environment variable DB_URL is not set \(mcpServers\.db\.url in cfg\.json/);
    expect(ok).toMatchObject({ headers: { Authorization: 'yes' } });
    expect(ok).not.toHaveProperty('startError');
  });

  it('reads mcpTimeout (ms) and refuses one that is not a positive whole number', () => {
    const text = (v: unknown) => JSON.stringify({ mcpTimeout: v });
    expect(parseConfigFile(text(1500), 'cfg.json', {}, '/base', '/home/u')).toEqual({ servers: [], mcpTimeoutMs: 1500 });
    expect(errorOf(() => parseConfigFile(text(0), 'cfg.json', {}, '/base', '/home/u'))).toMatch(/^cfg\.json: mcpTimeout: /);
    expect(errorOf(() => parseConfigFile(text(2.5), 'cfg.json', {}, '/base', '/home/u'))).toMatch(/^cfg\.json: mcpTimeout: /);
  });

  it('does not resolve references of disabled servers', () => {
    const [server] = parse({ mcpServers: { w: { url: 'env:NOPE', disabled: true } } });
    expect(server).toMatchObject({ url: 'env:NOPE', disabled: true });
  });

  it('reports invalid JSON with the file name', () => {
    expect(errorOf(() => parse('{ "mcpServers": '))).toMatch(/^cfg\.json: invalid JSON: /);
  });

  it('reports schema errors as one line naming the field', () => {
    expect(errorOf(() => parse({ mcpServers: { a: { command: 'x', args: ['ok', 3] } } }))).toMatch(/^cfg\.json: mcpServers\.a\.args\[1\]: .*string/);
    expect(errorOf(() => parse({ mcpServers: { a: { command: 'x', comand: 'y' } } }))).toBe('cfg.json: mcpServers.a: unknown field "comand"');
    expect(errorOf(() => parse({ mcpServers: { a: { command: 'x', timeoutSeconds: -1 } } }))).toMatch(/^cfg\.json: mcpServers\.a\.timeoutSeconds: /);
    expect(errorOf(() => parse({ mcpServers: { a: {} } }))).toBe('cfg.json: mcpServers.a: needs "command" (stdio server) or "url" (Streamable HTTP server)');
    expect(errorOf(() => parse({ mcpServers: { a: { command: 'x', url: 'http://h' } } }))).toMatch(/either "command" .* or "url"/);
    expect(errorOf(() => parse({ mcpServers: { a: { url: 'ftp://h/x' } } }))).toBe('cfg.json: mcpServers.a.url: expected an http:// or https:// URL');
    expect(errorOf(() => parse({ mcpServers: { a: { url: 'http://h', type: 'sse' } } }))).toMatch(/mcpServers\.a\.type: the legacy SSE transport/);
    expect(errorOf(() => parse({ mcpServers: [] }))).toMatch(/^cfg\.json: mcpServers: /);
    expect(errorOf(() => parse({ mcpServer: {} }))).toBe('cfg.json: unknown field "mcpServer"');
  });

  it('requires server names usable as tool prefixes', () => {
    expect(errorOf(() => parse({ mcpServers: { 'my server': { command: 'x' } } }))).toMatch(
      /^cfg\.json: mcpServers\["my server"\]: server name must be .*letters, digits/,
    );
    expect(parse({ mcpServers: { 'ok_name-2': { command: 'x' } } })[0].name).toBe('ok_name-2');
  });
});

describe('loadConfig lookup', () => {
  let root: string;
  let cwd: string;
  let home: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'robot-agent-config-'));
    cwd = path.join(root, 'project');
    home = path.join(root, 'home');
    await mkdir(cwd, { recursive: true });
    await mkdir(home, { recursive: true });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const server = (command: string) => JSON.stringify({ mcpServers: { s: { command } } });

  it('returns an empty config when no default file exists', async () => {
    expect(await loadConfig({ env: {}, cwd, homedir: home })).toEqual({ path: null, servers: [] });
  });

  it('fails when an explicit file is missing', async () => {
    await expect(loadConfig({ explicitPath: 'nope.json', env: {}, cwd, homedir: home })).rejects.toThrow(
      new ConfigError('config file nope.json not found'),
    );
  });

  it('says why an explicit file cannot be read', async () => {
    await mkdir(path.join(cwd, 'dir.json'));
    await expect(loadConfig({ explicitPath: 'dir.json', env: {}, cwd, homedir: home })).rejects.toThrow(
      new ConfigError('config file dir.json is a directory, not a file'),
    );
  });

  it('prefers --config, then ./robot-agent.json, then the user config dir', async () => {
    const userFile = path.join(home, '.config', 'robot-agent', 'config.json');
    await mkdir(path.dirname(userFile), { recursive: true });
    await writeFile(userFile, server('from-home'));
    expect((await loadConfig({ env: {}, cwd, homedir: home })).servers[0]).toMatchObject({ command: 'from-home' });

    await writeFile(path.join(cwd, 'robot-agent.json'), server('from-cwd'));
    const local = await loadConfig({ env: {}, cwd, homedir: home });
    expect(local.path).toBe(path.join(cwd, 'robot-agent.json'));
    expect(local.servers[0]).toMatchObject({ command: 'from-cwd' });

    await writeFile(path.join(root, 'explicit.json'), server('explicit'));
    const explicit = await loadConfig({ explicitPath: '../explicit.json', env: {}, cwd, homedir: home });
    expect(explicit.servers[0]).toMatchObject({ command: 'explicit' });
  });

  it('uses $XDG_CONFIG_HOME when set', async () => {
    const xdg = path.join(root, 'xdg');
    await mkdir(path.join(xdg, 'robot-agent'), { recursive: true });
    await writeFile(path.join(xdg, 'robot-agent', 'config.json'), server('from-xdg'));
    const env = { XDG_CONFIG_HOME: xdg };
    expect(configCandidates({ env, cwd, homedir: home })[1]).toBe(path.join(xdg, 'robot-agent', 'config.json'));
    expect((await loadConfig({ env, cwd, homedir: home })).servers[0]).toMatchObject({ command: 'from-xdg' });
  });

  it('names the file in errors about its content', async () => {
    await writeFile(path.join(cwd, 'robot-agent.json'), '{ "mcpServers": { "a": { "command": 1 } } }');
    await expect(loadConfig({ env: {}, cwd, homedir: home })).rejects.toThrow(/^robot-agent\.json: mcpServers\.a\.command: /);
  });

  it('reads recordDir: relative to the file, ~ from the home folder, validated like the rest', async () => {
    const write = (value: unknown) => writeFile(path.join(cwd, 'robot-agent.json'), JSON.stringify({ recordDir: value }));
    await write('runs');
    expect(await loadConfig({ env: {}, cwd, homedir: home })).toMatchObject({ recordDir: path.join(cwd, 'runs'), servers: [] });
    await write('~/robot-runs');
    expect((await loadConfig({ env: {}, cwd, homedir: home })).recordDir).toBe(path.join(home, 'robot-runs'));
    await write('/abs/runs');
    expect((await loadConfig({ env: {}, cwd, homedir: home })).recordDir).toBe('/abs/runs');
    await writeFile(path.join(cwd, 'robot-agent.json'), JSON.stringify({ mcpServers: {} }));
    expect(await loadConfig({ env: {}, cwd, homedir: home })).not.toHaveProperty('recordDir');
    await write(3);
    await expect(loadConfig({ env: {}, cwd, homedir: home })).rejects.toThrow(/^robot-agent\.json: recordDir: /);
    await write('');
    await expect(loadConfig({ env: {}, cwd, homedir: home })).rejects.toThrow(/^robot-agent\.json: recordDir: /);
  });
});
