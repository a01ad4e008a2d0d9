import { describe, expect, it } from 'vitest';
import { serverNames, withoutServer, withServer } from '../../src/config/config-edit.js';
import { parseJsonc } from '../../src/config/jsonc.js';

const FILE = `{
  // my servers
  "mcpServers": {
    "keep": { "command": "k" }, // about keep
    "last": { "command": "l" } // about last
  },
  "recordDir": "runs"
}
`;

describe('editing the config text', () => {
  it('adds a server on its own line after the last one, moving nothing else', () => {
    expect(withServer(FILE, 'new', { command: 'n', args: ['-y', 'pkg'] })).toBe(`{
  // my servers
  "mcpServers": {
    "keep": { "command": "k" }, // about keep
    "last": { "command": "l" }, // about last
    "new": { "command": "n", "args": ["-y", "pkg"] }
  },
  "recordDir": "runs"
}
`);
  });

  it('spreads a long entry over lines in the file\'s indentation, and follows its trailing commas and CRLF', () => {
    const file = '{\r\n\t"mcpServers": {\r\n\t\t"a": { "url": "http://a" },\r\n\t},\r\n}\r\n';
    const long = { url: `http://example.com/${'x'.repeat(80)}`, headers: { A: 'b' } };
    const edited = withServer(file, 'b', long);
    expect(edited).toBe(`{\r\n\t"mcpServers": {\r\n\t\t"a": { "url": "http://a" },\r\n\t\t"b": {\r\n\t\t\t"url": "${long.url}",\r\n\t\t\t"headers": {\r\n\t\t\t\t"A": "b"\r\n\t\t\t}\r\n\t\t},\r\n\t},\r\n}\r\n`);
    expect(parseJsonc(edited)).toEqual({ mcpServers: { a: { url: 'http://a' }, b: long } });
  });

  it('adds to an empty file, a file without mcpServers and an mcpServers holding only comments', () => {
    expect(parseJsonc(withServer('', 'a', { command: 'x' }))).toEqual({ mcpServers: { a: { command: 'x' } } });
    expect(parseJsonc(withServer('{ "recordDir": "r" }', 'a', { command: 'x' }))).toEqual({ recordDir: 'r', mcpServers: { a: { command: 'x' } } });
    const onlyComments = '{\n  "mcpServers": {\n    // "example": { "command": "e" },\n  }\n}\n';
    const edited = withServer(onlyComments, 'a', { command: 'x' });
    // First in the object, with a comma so the example after it can be uncommented as it is.
    expect(edited).toBe('{\n  "mcpServers": {\n    "a": { "command": "x" },\n    // "example": { "command": "e" },\n  }\n}\n');
    expect(serverNames(edited.replace('// ', ''))).toEqual(['a', 'example']);
    expect(withServer('{\n  "mcpServers": {\n  }\n}\n', 'a', { command: 'x' })).toBe('{\n  "mcpServers": {\n    "a": { "command": "x" }\n  }\n}\n');
  });

  it('replaces a server in place, keeping the comments around it', () => {
    const edited = withServer(FILE, 'keep', { url: 'http://k' });
    expect(edited).toContain('// about keep');
    expect(edited).toContain('// about last');
    expect(parseJsonc(edited)).toEqual({ mcpServers: { keep: { url: 'http://k' }, last: { command: 'l' } }, recordDir: 'runs' });
  });

  it('removes a server with its line, and the comma left trailing', () => {
    expect(withoutServer(FILE, 'keep')).toBe(FILE.replace('    "keep": { "command": "k" }, // about keep\n', ''));
    expect(withoutServer(FILE, 'last')).toBe(FILE.replace('    "last": { "command": "l" } // about last\n', '').replace('}, // about keep', '} // about keep'));
    // Servers sharing a line: jsonc-parser's own removal.
    expect(parseJsonc(withoutServer('{ "mcpServers": { "a": {"command": "x"}, "b": {"command": "y"} } }', 'a'))).toEqual({ mcpServers: { b: { command: 'y' } } });
  });
});
