import { applyEdits, createScanner, findNodeAtLocation, modify, parseTree, SyntaxKind, type FormattingOptions, type Node } from 'jsonc-parser';
import { parseJsonc } from './jsonc.js';
import { oneLineJson } from './one-line-json.js';

/**
 * Edits of a config file's text that keep what a person wrote: comments, key order, formatting,
 * everything outside the one server changed (jsonc-parser's `modify`, as VS Code edits its
 * settings). Validation is the caller's: these only change text.
 */
export type ServerEntry = Record<string, unknown>;

/** The names under `mcpServers`, in file order (none when the file has no such object). */
export function serverNames(text: string): string[] {
  const file = parseJsonc(text);
  const servers = isObject(file) ? file.mcpServers : undefined;
  return isObject(servers) ? Object.keys(servers) : [];
}

/**
 * The text with `mcpServers.<name>` set to `entry`: replaced in place, or added as the last
 * server on line(s) of its own (one line when it fits, as such files are usually written),
 * moving nothing else. jsonc-parser's insertion, used when the servers share a line, would take
 * the last server's trailing comment onto the new one and reformat that server's line.
 */
export function withServer(text: string, name: string, entry: ServerEntry): string {
  const base = text.trim() === '' ? '{}\n' : text;
  const tree = parseTree(base, [], { allowTrailingComma: true }) ?? emptyObject;
  const format = formattingOf(base);
  const unit = format.insertSpaces ? ' '.repeat(format.tabSize ?? 2) : '\t';
  const point = findNodeAtLocation(tree, ['mcpServers', name]) ? undefined : insertionPoint(base, findNodeAtLocation(tree, ['mcpServers']), unit);
  if (!point) return applyEdits(base, modify(base, ['mcpServers', name], entry, { formattingOptions: format }));
  const oneLine = `${JSON.stringify(name)}: ${oneLineJson(entry)}`;
  const property = point.indent.length + oneLine.length <= MAX_LINE ? oneLine : `${JSON.stringify(name)}: ${JSON.stringify(entry, null, unit).split('\n').join(format.eol + point.indent)}`;
  const lineBreak = base[point.at - 1] === '\n' ? '' : format.eol;
  const added = base.slice(0, point.at) + `${lineBreak}${point.indent}${property}${point.comma ? ',' : ''}${format.eol}` + base.slice(point.at);
  const comma = point.commaAfterPrevious;
  return comma === undefined ? added : `${added.slice(0, comma)},${added.slice(comma)}`;
}

interface Insertion {
  /** Where the new server's line goes. */
  at: number;
  indent: string;
  /** Whether it ends with a comma: the file writes trailing commas, or comments (examples) follow it. */
  comma: boolean;
  /** Where the server before it needs a comma it did not have. */
  commaAfterPrevious?: number;
}

/** After the last server's own lines, or on the line after an empty mcpServers' `{`; undefined when servers share lines. */
function insertionPoint(text: string, servers: Node | undefined, unit: string): Insertion | undefined {
  if (servers?.type !== 'object') return undefined;
  const last = servers.children?.at(-1);
  if (last) {
    const lines = ownLines(text, last);
    if (!lines) return undefined;
    return { at: lines.end, indent: text.slice(lines.start, last.offset), comma: lines.hadComma, ...(lines.hadComma ? {} : { commaAfterPrevious: last.offset + last.length }) };
  }
  const afterBrace = /^[ \t]*\r?\n/.exec(text.slice(servers.offset + 1));
  if (!afterBrace) return undefined;
  const outer = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', servers.offset - 1) + 1))?.[0] ?? '';
  const body = text.slice(servers.offset + 1, servers.offset + servers.length - 1);
  return { at: servers.offset + 1 + afterBrace[0].length, indent: outer + unit, comma: body.trim() !== '' };
}

/** Longest line a new server is written on before it is spread over several. */
const MAX_LINE = 120;

/**
 * The text without `mcpServers.<name>`. An entry on lines of its own goes with those lines (and its
 * own trailing comment), touching nothing else; jsonc-parser's removal also drops a comment after
 * the entry before it and reformats that line, so it is used only for entries sharing a line.
 */
export function withoutServer(text: string, name: string): string {
  const property = findNodeAtLocation(parseTree(text, [], { allowTrailingComma: true }) ?? emptyObject, ['mcpServers', name])?.parent;
  const siblings = property?.parent?.children ?? [];
  const lines = property && ownLines(text, property);
  if (!property || !lines) return applyEdits(text, modify(text, ['mcpServers', name], undefined, { formattingOptions: formattingOf(text) }));
  let result = text.slice(0, lines.start) + text.slice(lines.end);
  // The last entry went: the comma after the one before it would now trail, unless the file writes trailing commas.
  const index = siblings.indexOf(property);
  if (index > 0 && index === siblings.length - 1 && !lines.hadComma) {
    const previous = siblings[index - 1];
    const comma = commaBetween(text, previous.offset + previous.length, lines.start);
    if (comma !== undefined) result = result.slice(0, comma) + result.slice(comma + 1);
  }
  return result;
}

const emptyObject: Node = { type: 'object', offset: 0, length: 0, children: [] };

/** The lines `node` fills alone: from its line's start to the end of its last line (after a comma and a // comment). */
function ownLines(text: string, node: Node): { start: number; end: number; hadComma: boolean } | undefined {
  const start = text.lastIndexOf('\n', node.offset - 1) + 1;
  if (text.slice(start, node.offset).trim() !== '') return undefined;
  const rest = /^[ \t]*(,?)[ \t]*(\/\/[^\n]*)?(\r?\n|$)/.exec(text.slice(node.offset + node.length));
  if (!rest) return undefined;
  return { start, end: node.offset + node.length + rest[0].length, hadComma: rest[1] === ',' };
}

/** The offset of the comma token between two offsets, skipping comments. */
function commaBetween(text: string, from: number, to: number): number | undefined {
  const scanner = createScanner(text.slice(from, to), false);
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.CommaToken) return from + scanner.getTokenOffset();
  }
  return undefined;
}

/** Indentation and line ends as the file already has them (two spaces and \n for a new file). */
function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (indent?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent?.length ?? 2, eol };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
