import { chmod, lstat, mkdir, readFile, readlink, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { serverNames, withoutServer, withServer, type ServerEntry } from '../../config/config-edit.js';
import { configCandidates, SERVER_NAME_PATTERN, validateConfigText, type ConfigLookup } from '../../config/config-file.js';
import { displayPath } from '../../core/display-path.js';
import { precedenceNote } from '../config-precedence.js';
import { EXIT_USAGE, UserError, writeLine, type CliIo } from '../io.js';

export interface McpAddOptions {
  url?: string;
  /** `K=V` (or `K: V`, as curl writes it), repeatable. */
  header?: string[];
  /** `K=V`, repeatable: the stdio server's environment. */
  env?: string[];
  config?: string;
  scope?: ConfigScope;
  force?: boolean;
}

/** Which config file to edit, as Claude Code's `mcp add --scope`: this folder's, or the user's. */
export type ConfigScope = 'project' | 'user';
export const CONFIG_SCOPES: readonly ConfigScope[] = ['project', 'user'];

const ADD_HELP = '(see robot-agent mcp add --help)';

/**
 * `robot-agent mcp add NAME -- COMMAND ARGS…` and `mcp add NAME --url URL [--header K=V]…`: adds a
 * server to a config file (`--config`; `--scope project` ./robot-agent.json, `--scope user` the user's
 * config; else the one robot-agent reads here, else the user's: a folder gets a config file of its own
 * only when asked), keeping its comments and layout. The edited file is validated before it is
 * written, and written whole or not at all; a symlinked config is written through the link.
 */
export async function runMcpAdd(io: CliIo, name: string, command: string[], opts: McpAddOptions): Promise<void> {
  checkName(name);
  const entry = serverEntry(command, opts);
  const file = await editedFile(io, opts, 'add');
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
  if (file.note) writeLine(io.stdout, file.note);
}

/** `robot-agent mcp remove NAME`: takes the server out of the config file, leaving the rest as it was. */
export async function runMcpRemove(io: CliIo, name: string, opts: { config?: string; scope?: ConfigScope }): Promise<void> {
  const file = await editedFile(io, opts, 'remove');
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
  if (file.note) writeLine(io.stdout, file.note);
}

function checkName(name: string): void {
  if (!SERVER_NAME_PATTERN.test(name)) {
    throw usage(`server name "${name}" must be 1-64 letters, digits, "_" or "-" (it prefixes the server's tool names)`);
  }
}

/** The config entry the command line describes; one line for whatever does not fit. */
function serverEntry(command: string[], opts: McpAddOptions): ServerEntry {
  if (opts.url !== undefined && command.length) throw usage('give either a command after -- (a stdio server) or --url URL (an HTTP server), not both');
  if (opts.url !== undefined) {
    checkUrl(opts.url);
    if (opts.env?.length) throw usage('--env is for stdio servers; an HTTP server takes --header K=V');
    const headers = keyValues(opts.header, '--header', /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/);
    return { url: opts.url, ...(headers ? { headers } : {}) };
  }
  if (!command.length) throw usage('nothing to start: give the server\'s command after -- (mcp add NAME -- COMMAND ARGS...) or --url URL');
  if (opts.header?.length) throw usage('--header is for --url servers; a stdio server takes --env K=V');
  const env = keyValues(opts.env, '--env', /^[A-Za-z_][A-Za-z0-9_]*$/);
  const [cmd, ...args] = command;
  return { command: cmd, ...(args.length ? { args } : {}), ...(env ? { env } : {}) };
}

/** A problem with mcp add's command line: exit 2, pointing to its help. */
function usage(problem: string): UserError {
  return new UserError(`${problem} ${ADD_HELP}`, EXIT_USAGE);
}

/** The URL as typed is the user's mistake, not the file's: `env:NAME` is left for the config loader to check. */
function checkUrl(url: string): void {
  if (url.startsWith('env:')) return;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed?.protocol === 'http:' || parsed?.protocol === 'https:') return;
  throw usage(`--url ${url}: expected an http:// or https:// URL, such as http://localhost:8080/mcp`);
}

/** `K=V` pairs (or `K: V`, curl's header form) as an object, or undefined when there are none. */
function keyValues(pairs: string[] | undefined, flag: string, validKey: RegExp): Record<string, string> | undefined {
  if (!pairs?.length) return undefined;
  const result: Record<string, string> = {};
  for (const pair of pairs) {
    const match = /^([^=:\s]+)(?:=|:\s*)(.*)$/s.exec(pair);
    if (!match || !validKey.test(match[1])) throw usage(`${flag} "${pair}" should be KEY=VALUE`);
    result[match[1]] = match[2];
  }
  return result;
}

interface EditedFile {
  /** The file itself: a symlink's target, so the edit goes through the link instead of replacing it. */
  path: string;
  /** As the user would type it (the name given, not the link's target), for messages. */
  shown: string;
  /** When the file hides another config here, or is hidden by one. */
  note?: string;
}

/**
 * `--config PATH`; `--scope` project or user; else the file robot-agent reads here; else, to add,
 * the user's config (created): a server is added where every folder sees it unless asked otherwise.
 */
async function editedFile(io: CliIo, opts: { config?: string; scope?: ConfigScope }, verb: 'add' | 'remove'): Promise<EditedFile> {
  if (opts.config !== undefined && opts.scope !== undefined) {
    throw new UserError(`give --config PATH or --scope ${CONFIG_SCOPES.join('|')}, not both (see robot-agent mcp ${verb} --help)`, EXIT_USAGE);
  }
  const lookup: ConfigLookup = { env: io.env, cwd: process.cwd(), homedir: homedir() };
  const [project, user] = configCandidates(lookup);
  let chosen: string;
  if (opts.config !== undefined) {
    chosen = configCandidates({ ...lookup, explicitPath: opts.config })[0];
  } else if (opts.scope !== undefined) {
    chosen = opts.scope === 'project' ? project : user;
  } else {
    const present = await Promise.all([project, user].map((c) => stat(c).then(() => true, () => false)));
    const first = [project, user].find((_, i) => present[i]);
    if (first === undefined && verb === 'remove') {
      throw new UserError(`no config file (looked for ${[project, user].map((c) => displayPath(c, lookup.cwd)).join(' and ')}): there is no server to remove`, EXIT_USAGE);
    }
    chosen = first ?? user;
  }
  const note = opts.config === undefined ? await precedenceNote(chosen, lookup) : undefined;
  return { path: await throughLinks(chosen), shown: displayPath(chosen, lookup.cwd), ...(note ? { note } : {}) };
}

/** The file a path names once symlinks are followed; a dangling link's target, which the edit creates. */
async function throughLinks(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    const link = await lstat(file).catch(() => undefined);
    return link?.isSymbolicLink() ? throughLinks(path.resolve(path.dirname(file), await readlink(file))) : file;
  }
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
