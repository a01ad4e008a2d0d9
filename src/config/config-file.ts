import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { displayPath } from '../core/display-path.js';
import { readFailureReason } from '../core/read-file.js';
import { parseJsonc } from './jsonc.js';

/**
 * The user's config file: external MCP servers in the `mcpServers` format Claude Desktop uses.
 *
 *     { "mcpServers": {
 *         "weather": { "command": "node", "args": ["server.js"], "env": { "KEY": "env:WEATHER_KEY" } },
 *         "db":      { "url": "http://localhost:8080/mcp", "headers": { "Authorization": "env:DB_AUTH" },
 *                      "timeoutSeconds": 30, "disabled": false } } }
 *
 * A value that is exactly `env:NAME` (in args, env, cwd, url, headers) is read from the environment;
 * an unset variable fails only the server that names it (its `startError`), not the whole file.
 * `mcpTimeout` (ms) bounds each server's connect and initialize, as `--mcp-timeout` does.
 * The file may carry comments and trailing commas (JSONC, see jsonc.ts).
 */

/** Names become tool prefixes (`<server>__<tool>`), so they must be valid in a tool name. */
export const SERVER_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const ENV_REF = /^env:(.*)$/s;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const common = {
  /** Accepted for compatibility with other clients' files; the transport follows from command/url. */
  type: z.enum(['stdio', 'http', 'streamable-http', 'streamableHttp']).optional(),
  timeoutSeconds: z.number().positive().max(3600).optional(),
  disabled: z.boolean().optional(),
};

const StdioEntrySchema = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().min(1).optional(),
  ...common,
});

const HttpEntrySchema = z.strictObject({
  url: z.string().min(1),
  headers: z.record(z.string(), z.string()).optional(),
  ...common,
});

const ConfigFileSchema = z.strictObject({
  $schema: z.string().optional(),
  mcpServers: z.record(z.string(), z.unknown()).optional(),
  /** Where mission recordings go (`~/` is the home folder; a relative path is from the file's folder). */
  recordDir: z.string().min(1).optional(),
  /** Milliseconds each external server gets to start (or be reached), initialize and list its tools. */
  mcpTimeout: z.int().positive().max(3_600_000).optional(),
});

export type StdioEntry = z.infer<typeof StdioEntrySchema>;
export type HttpEntry = z.infer<typeof HttpEntrySchema>;

interface ServerBase {
  name: string;
  /** Per-call timeout from `timeoutSeconds`, if the file sets one. */
  timeoutMs?: number;
  disabled: boolean;
  /** Why this server cannot start although the file is valid (an `env:` reference to an unset
   *  variable): the hub reports it failed with this line, and every other server goes on. */
  startError?: string;
}
export interface StdioServerConfig extends ServerBase {
  transport: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}
export interface HttpServerConfig extends ServerBase {
  transport: 'http';
  url: string;
  headers: Record<string, string>;
}
export type ServerConfig = StdioServerConfig | HttpServerConfig;

export interface LoadedConfig {
  /** The file read, or null when no file was found in the default places. */
  path: string | null;
  servers: ServerConfig[];
  /** `recordDir` from the file, made absolute; absent when the file does not set it. */
  recordDir?: string;
  /** `mcpTimeout` from the file (ms); absent when the file does not set it. */
  mcpTimeoutMs?: number;
}

/** A problem with the config file, already phrased as one line naming the file and the field. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface ConfigLookup {
  /** `--config PATH`; when given, the file must exist. */
  explicitPath?: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  homedir: string;
}

/** Where the config is looked for, in order. An explicit path is the only candidate. */
export function configCandidates(lookup: ConfigLookup): string[] {
  if (lookup.explicitPath !== undefined) return [path.resolve(lookup.cwd, lookup.explicitPath)];
  const xdg = lookup.env.XDG_CONFIG_HOME;
  const userDir = xdg && path.isAbsolute(xdg) ? xdg : path.join(lookup.homedir, '.config');
  return [path.join(lookup.cwd, 'robot-agent.json'), path.join(userDir, 'robot-agent', 'config.json')];
}

/** `no config file (looked for robot-agent.json and ~/.config/…/config.json)`, as every command says it. */
export function noConfigText(lookup: ConfigLookup): string {
  return `no config file (looked for ${configCandidates(lookup).map((f) => displayPath(f, lookup.cwd)).join(' and ')})`;
}

/** Finds, reads, validates and resolves the config. Throws ConfigError with one clear line. */
export async function loadConfig(lookup: ConfigLookup): Promise<LoadedConfig> {
  for (const file of configCandidates(lookup)) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && lookup.explicitPath === undefined) continue;
      throw new ConfigError(`config file ${displayPath(file, lookup.cwd)} ${readFailureReason(err)}`);
    }
    return { path: file, ...parseConfigFile(text, displayPath(file, lookup.cwd), lookup.env, path.dirname(file), lookup.homedir) };
  }
  return { path: null, servers: [] };
}

/**
 * Parses the text of a config file. `label` names the file in errors; `baseDir` anchors a
 * relative `cwd`. Disabled servers are validated but their `env:` references are not resolved.
 */
export function parseConfigText(text: string, label: string, env: NodeJS.ProcessEnv, baseDir: string): ServerConfig[] {
  return serversOf(validatedFile(text, label), label, env, baseDir);
}

/** The servers and settings of a config file's text; `homedir` expands a `~/` in `recordDir`. */
export function parseConfigFile(text: string, label: string, env: NodeJS.ProcessEnv, baseDir: string, homedir: string): Omit<LoadedConfig, 'path'> {
  const file = validatedFile(text, label);
  const servers = serversOf(file, label, env, baseDir);
  const dir = file.recordDir;
  return {
    servers,
    ...(dir === undefined ? {} : { recordDir: dir === '~' || dir.startsWith('~/') ? path.join(homedir, dir.slice(1)) : path.resolve(baseDir, dir) }),
    ...(file.mcpTimeout === undefined ? {} : { mcpTimeoutMs: file.mcpTimeout }),
  };
}

/**
 * Checks a config file's text against the schema without reading the environment (an `env:NAME`
 * need not be set yet when a server is added), so an edit is refused before it is written.
 */
export function validateConfigText(text: string, label: string, baseDir: string): void {
  serversOf(validatedFile(text, label), label, {}, baseDir, false);
}

function validatedFile(text: string, label: string): z.infer<typeof ConfigFileSchema> {
  let json: unknown;
  try {
    json = parseJsonc(text);
  } catch (err) {
    throw new ConfigError(`${label}: invalid JSON: ${(err as Error).message}`);
  }
  const file = ConfigFileSchema.safeParse(json);
  if (!file.success) throw new ConfigError(`${label}: ${describeIssue(file.error, [])}`);
  return file.data;
}

function serversOf(file: z.infer<typeof ConfigFileSchema>, label: string, env: NodeJS.ProcessEnv, baseDir: string, resolveEnv = true): ServerConfig[] {
  const servers: ServerConfig[] = [];
  for (const [name, raw] of Object.entries(file.mcpServers ?? {})) {
    const where = ['mcpServers', name];
    if (!SERVER_NAME_PATTERN.test(name)) {
      throw new ConfigError(
        `${label}: ${formatPath(where)}: server name must be 1-64 letters, digits, "_" or "-" (it prefixes tool names)`,
      );
    }
    servers.push(parseServerEntry(raw, name, label, env, baseDir, resolveEnv));
  }
  return servers;
}

function parseServerEntry(raw: unknown, name: string, label: string, env: NodeJS.ProcessEnv, baseDir: string, resolveEnv: boolean): ServerConfig {
  const where = ['mcpServers', name];
  const fail = (field: (string | number)[], message: string): never => {
    throw new ConfigError(`${label}: ${formatPath([...where, ...field])}: ${message}`);
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return fail([], 'expected an object with "command" (stdio) or "url" (Streamable HTTP)');
  }
  const hasCommand = 'command' in raw;
  const hasUrl = 'url' in raw;
  if (hasCommand && hasUrl) return fail([], 'give either "command" (stdio) or "url" (Streamable HTTP), not both');
  if (!hasCommand && !hasUrl) return fail([], 'needs "command" (stdio server) or "url" (Streamable HTTP server)');
  if ((raw as { type?: unknown }).type === 'sse') {
    return fail(['type'], 'the legacy SSE transport is not supported; use a Streamable HTTP "url"');
  }

  const parsed = (hasCommand ? StdioEntrySchema : HttpEntrySchema).safeParse(raw);
  if (!parsed.success) throw new ConfigError(`${label}: ${describeIssue(parsed.error, where)}`);
  const entry = parsed.data;
  const disabled = entry.disabled ?? false;
  const timeoutMs = entry.timeoutSeconds === undefined ? undefined : Math.round(entry.timeoutSeconds * 1000);

  // Disabled servers keep their references unresolved: a missing variable should not break the file.
  // Nor the other servers: an unset variable is this server's start error, its reference left as
  // written (the hub never starts a server that has one).
  let startError: string | undefined;
  const resolve = (value: string, field: (string | number)[]): string => {
    if (disabled) return value;
    const ref = ENV_REF.exec(value);
    if (!ref) return value;
    const variable = ref[1];
    if (!ENV_NAME.test(variable)) return fail(field, `"${value}" is not a valid env: reference (expected env:NAME)`);
    if (!resolveEnv) return value;
    const resolved = env[variable];
    if (resolved === undefined) {
      startError ??= `environment variable ${variable} is not set (${formatPath([...where, ...field])} in ${label} is "env:${variable}"); set it, or give the server "disabled": true`;
      return value;
    }
    return resolved;
  };
  const resolveRecord = (record: Record<string, string> | undefined, field: string): Record<string, string> =>
    Object.fromEntries(Object.entries(record ?? {}).map(([k, v]) => [k, resolve(v, [field, k])]));
  const unset = () => (startError === undefined ? {} : { startError });

  if ('command' in entry) {
    const cwd = entry.cwd === undefined ? undefined : resolve(entry.cwd, ['cwd']);
    return {
      name,
      transport: 'stdio',
      command: resolve(entry.command, ['command']),
      args: (entry.args ?? []).map((a, i) => resolve(a, ['args', i])),
      env: resolveRecord(entry.env, 'env'),
      ...(cwd === undefined ? {} : { cwd: path.resolve(baseDir, cwd) }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      disabled,
      ...unset(),
    };
  }
  const url = resolve(entry.url, ['url']);
  const unresolved = (!resolveEnv || startError !== undefined) && ENV_REF.test(url);
  if (!disabled && !unresolved) {
    let parsedUrl: URL | undefined;
    try {
      parsedUrl = new URL(url);
    } catch {
      parsedUrl = undefined;
    }
    if (!parsedUrl || (parsedUrl.protocol !== 'http:' && parsedUrl.protocol !== 'https:')) {
      fail(['url'], 'expected an http:// or https:// URL');
    }
  }
  const headers = resolveRecord(entry.headers, 'headers');
  return {
    name,
    transport: 'http',
    url,
    headers,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    disabled,
    ...unset(),
  };
}

/** The first zod issue as `field.path: message`. */
function describeIssue(error: z.ZodError, prefix: (string | number)[]): string {
  const issue = error.issues[0];
  const at = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    return `${at.length ? `${formatPath(at)}: ` : ''}unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}`;
  }
  return `${at.length ? formatPath(at) : '(top level)'}: ${issue.message}`;
}

/** `mcpServers.weather.args[1]` */
export function formatPath(parts: (string | number)[]): string {
  return parts
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : /^[A-Za-z_$][\w$-]*$/.test(p) ? `${i ? '.' : ''}${p}` : `[${JSON.stringify(p)}]`))
    .join('');
}
