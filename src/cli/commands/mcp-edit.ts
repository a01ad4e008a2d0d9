import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { serverNames, withoutServer, withServer, type ServerEntry } from '../../config/config-edit.js';
import { configCandidates, SERVER_NAME_PATTERN, validateConfigText, type ConfigLookup } from '../../config/config-file.js';
import { displayPath } from '../../core/display-path.js';
import { EXIT_USAGE, UserError, writeLine, type CliIo } from '../io.js';

export interface McpAddOptions {
  url?: string;
  /** `K=V` (or `K: V`, as curl writes it), repeatable. */
  header?: string[];
  /** `K=V`, repeatable: the stdio server's environment. */
  env?: string[];
  config?: string;
  force?: boolean;
}

/**
 * `robot-agent mcp add NAME -- COMMAND ARGS…` and `mcp add NAME --url URL [--header K=V]…`: adds a
 * server to the config file robot-agent reads (`--config`, else the first of ./robot-agent.json and
 * the user's config that exists, else a new ./robot-agent.json), keeping its comments and layout.
 * The edited file is validated before it is written, and written whole or not at all.
 */
export async function runMcpAdd(io: CliIo, name: string, command: string[], opts: McpAddOptions): Promise<void> {
  checkName(name);
  const entry = serverEntry(command, opts);
  const file = await editedFile(io, opts.config, 'add');
  const text = await readIfPresent(file.path);
  if (text !== undefined) validateConfigText(text, file.shown, path.dirname(file.path));
  const existing = text === undefined ? [] : serverNames(text);
  if (existing.includes(name) && !opts.force) {
    throw new UserError(`server "${name}" is already in ${file.shown}: pass --force to replace it, or remove it first (robot-agent mcp remove ${name})`, EXIT_USAGE);
  }
  await writeValidated(file, withServer(text ?? '', name, entry));
  const what = 'url' in entry ? `Streamable HTTP server "${name}" (${opts.url})` : `stdio server "${name}" (${command.join(' ')})`;
  writeLine(io.stdout, `${existing.includes(name) ? 'replaced' : 'added'} ${what} in ${file.shown}; robot-agent doctor checks that it answers`);
  const literal = [...(opts.header ?? []), ...(opts.env ?? [])].filter((kv) => !/[=:]\s*env:/.test(kv));
  if (literal.length) writeLine(io.stdout, 'values are stored as written: "env:NAME" instead reads one from the environment when robot-agent starts');
}

/** `robot-agent mcp remove NAME`: takes the server out of the config file, leaving the rest as it was. */
export async function runMcpRemove(io: CliIo, name: string, opts: { config?: string }): Promise<void> {
  const file = await editedFile(io, opts.config, 'remove');
  const text = await readIfPresent(file.path);
  if (text === undefined) throw new UserError(`config file ${file.shown} not found: there is no server to remove`, EXIT_USAGE);
  validateConfigText(text, file.shown, path.dirname(file.path));
  const names = serverNames(text);
  if (!names.includes(name)) {
    const has = names.length ? `its servers are ${names.map((n) => `"${n}"`).join(', ')}` : 'it has no servers';
    throw new UserError(`no server "${name}" in ${file.shown}: ${has}`, EXIT_USAGE);
  }
  await writeValidated(file, withoutServer(text, name));
  writeLine(io.stdout, `removed server "${name}" from ${file.shown}`);
}

function checkName(name: string): void {
  if (!SERVER_NAME_PATTERN.test(name)) {
    throw new UserError(`server name "${name}" must be 1-64 letters, digits, "_" or "-" (it prefixes the server's tool names)`, EXIT_USAGE);
  }
}

/** The config entry the command line describes; one line for whatever does not fit. */
function serverEntry(command: string[], opts: McpAddOptions): ServerEntry {
  if (opts.url !== undefined && command.length) throw new UserError('give either a command after -- (a stdio server) or --url URL (an HTTP server), not both', EXIT_USAGE);
  if (opts.url !== undefined) {
    if (opts.env?.length) throw new UserError('--env is for stdio servers; an HTTP server takes --header K=V', EXIT_USAGE);
    const headers = keyValues(opts.header, '--header', /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/);
    return { url: opts.url, ...(headers ? { headers } : {}) };
  }
  if (!command.length) throw new UserError('nothing to start: give the server\'s command after -- (mcp add NAME -- COMMAND ARGS...) or --url URL', EXIT_USAGE);
  if (opts.header?.length) throw new UserError('--header is for --url servers; a stdio server takes --env K=V', EXIT_USAGE);
  const env = keyValues(opts.env, '--env', /^[A-Za-z_][A-Za-z0-9_]*$/);
  const [cmd, ...args] = command;
  return { command: cmd, ...(args.length ? { args } : {}), ...(env ? { env } : {}) };
}

/** `K=V` pairs (or `K: V`, curl's header form) as an object, or undefined when there are none. */
function keyValues(pairs: string[] | undefined, flag: string, validKey: RegExp): Record<string, string> | undefined {
  if (!pairs?.length) return undefined;
  const result: Record<string, string> = {};
  for (const pair of pairs) {
    const match = /^([^=:\s]+)(?:=|:\s*)(.*)$/s.exec(pair);
    if (!match || !validKey.test(match[1])) throw new UserError(`${flag} "${pair}" should be KEY=VALUE`, EXIT_USAGE);
    result[match[1]] = match[2];
  }
  return result;
}

interface EditedFile {
  path: string;
  /** As the user would type it, for messages. */
  shown: string;
}

/** `--config PATH`, else the file robot-agent would read, else (to add) a new ./robot-agent.json. */
async function editedFile(io: CliIo, explicitPath: string | undefined, verb: 'add' | 'remove'): Promise<EditedFile> {
  const lookup: ConfigLookup = { explicitPath, env: io.env, cwd: process.cwd(), homedir: homedir() };
  const candidates = configCandidates(lookup);
  let chosen = candidates[0];
  if (explicitPath === undefined) {
    const present = await Promise.all(candidates.map((c) => stat(c).then(() => true, () => false)));
    const first = candidates.find((_, i) => present[i]);
    if (first === undefined && verb === 'remove') {
      throw new UserError(`no config file (looked for ${candidates.join(' and ')}): there is no server to remove`, EXIT_USAGE);
    }
    chosen = first ?? candidates[0];
  }
  return { path: chosen, shown: displayPath(chosen, lookup.cwd) };
}

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Validates, then writes beside the file and renames over it, so a failure never leaves half a file. */
async function writeValidated(file: EditedFile, text: string): Promise<void> {
  validateConfigText(text, file.shown, path.dirname(file.path));
  const mode = await stat(file.path).then((s) => s.mode & 0o777, () => undefined);
  const temporary = `${file.path}.${process.pid}.tmp`;
  await mkdir(path.dirname(file.path), { recursive: true });
  await writeFile(temporary, text, { flag: 'wx' });
  try {
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, file.path);
  } catch (err) {
    await rm(temporary, { force: true });
    throw err;
  }
}
