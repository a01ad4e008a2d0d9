import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveToken } from '../../src/mcp/transports/token.js';

describe('resolveToken', () => {
  const dir = mkdtempSync(join(tmpdir(), 'robot-agent-token-'));

  it('returns undefined when no source is given', () => {
    expect(resolveToken({ env: { MCP_TOKEN: 'x' } })).toBeUndefined();
  });

  it('reads an environment variable named by --token-env', () => {
    expect(resolveToken({ tokenEnv: 'MCP_TOKEN', env: { MCP_TOKEN: ' s3cret \n' } })).toBe('s3cret');
    expect(() => resolveToken({ tokenEnv: 'MCP_TOKEN', env: {} })).toThrow('environment variable MCP_TOKEN (from --token-env) is not set');
    expect(() => resolveToken({ tokenEnv: 'MCP_TOKEN', env: { MCP_TOKEN: '  ' } })).toThrow('environment variable MCP_TOKEN (from --token-env) is empty');
    expect(() => resolveToken({ tokenEnv: 's3cret-value!', env: {} })).toThrow(/expects an environment variable name/);
  });

  it('reads a token file', () => {
    const file = join(dir, 'token');
    writeFileSync(file, 'file-token\n');
    expect(resolveToken({ tokenFile: file, env: {} })).toBe('file-token');
    expect(() => resolveToken({ tokenFile: join(dir, 'missing'), env: {} })).toThrow(/token file .*missing not found/);
    expect(() => resolveToken({ tokenFile: dir, env: {} })).toThrow(/is a directory/);
    const empty = join(dir, 'empty');
    writeFileSync(empty, '\n');
    expect(() => resolveToken({ tokenFile: empty, env: {} })).toThrow(/token file .*empty is empty/);
    const spaced = join(dir, 'spaced');
    writeFileSync(spaced, 'two words');
    expect(() => resolveToken({ tokenFile: spaced, env: {} })).toThrow(/contains whitespace/);
  });

  it('refuses two sources at once', () => {
    expect(() => resolveToken({ tokenEnv: 'A', tokenFile: 'b', env: { A: 'x' } })).toThrow(/either --token-env or --token-file/);
  });
});
