import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfigText, validateConfigText } from '../../src/config/config-file.js';

const WITH_COMMENTS = `// robot-agent settings
{
  /* servers */
  "mcpServers": {
    "files": { "command": "npx", "args": ["-y", "server-filesystem"], }, // trailing comma, as VS Code allows
  },
}
`;

describe('the config file as JSON with comments', () => {
  it('reads comments and trailing commas', () => {
    expect(parseConfigText(WITH_COMMENTS, 'cfg.json', {}, '/base')).toEqual([
      { name: 'files', transport: 'stdio', command: 'npx', args: ['-y', 'server-filesystem'], env: {}, disabled: false },
    ]);
  });

  it('names the line and column of a mistake', () => {
    const bad = '{\n  // fine\n  "mcpServers": { "a": { "command": "x" } }\n  "recordDir": "r"\n}\n';
    expect(() => parseConfigText(bad, 'cfg.json', {}, '/base')).toThrow(new ConfigError('cfg.json: invalid JSON: a comma is expected at line 4, column 3'));
    expect(() => parseConfigText('{ "a": 1 /* open', 'cfg.json', {}, '/base')).toThrow(/invalid JSON: a \/\* comment is not closed at line 1, column 10$/);
    expect(() => parseConfigText('', 'cfg.json', {}, '/base')).toThrow(/^cfg\.json: invalid JSON: a value is expected at line 1, column 1$/);
  });

  it('validates without reading the environment, so a server may name a variable not set yet', () => {
    const text = JSON.stringify({ mcpServers: { db: { url: 'env:DB_URL', headers: { Authorization: 'env:DB_AUTH' } } } });
    expect(() => validateConfigText(text, 'cfg.json', '/base')).not.toThrow();
    expect(parseConfigText(text, 'cfg.json', {}, '/base')[0]?.startError).toMatch(/environment variable DB_URL is not set/);
    // The rest of the schema still holds.
    expect(() => validateConfigText(JSON.stringify({ mcpServers: { db: { url: 'ftp://x' } } }), 'cfg.json', '/base')).toThrow(/mcpServers\.db\.url: expected an http/);
    expect(() => validateConfigText(JSON.stringify({ mcpServers: { db: { url: 'env:bad name' } } }), 'cfg.json', '/base')).toThrow(/not a valid env: reference/);
  });
});
