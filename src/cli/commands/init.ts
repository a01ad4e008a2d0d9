import { mkdir, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { configCandidates } from '../../config/config-file.js';
import { displayPath } from '../../core/display-path.js';
import { precedenceNote } from '../config-precedence.js';
import { EXIT_USAGE, UserError, writeLine, type CliIo } from '../io.js';
import { starterConfigText } from '../starter-config.js';

export interface InitOptions {
  /** The file to write, or a folder to write robot-agent.json into (default: the current folder). */
  path?: string;
  force?: boolean;
}

/**
 * `robot-agent init`: writes a starter robot-agent.json whose comments explain every setting. An
 * existing file is never replaced unless --force says so: it may hold servers and tokens.
 */
export async function runInit(io: CliIo, opts: InitOptions): Promise<void> {
  const file = await targetFile(opts.path ?? '.');
  const shown = displayPath(file);
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await writeFile(file, starterConfigText(), { flag: opts.force ? 'w' : 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    throw new UserError(`${shown} already exists: edit it (robot-agent mcp add NAME … adds a server), or pass --force to replace it with the starter (see robot-agent init --help)`, EXIT_USAGE);
  }
  writeLine(io.stdout, `wrote ${shown}: the settings, explained in comments, with example servers commented out`);
  const lookup = { env: io.env, cwd: process.cwd(), homedir: homedir() };
  if (!configCandidates(lookup).includes(file)) {
    writeLine(io.stdout, `robot-agent does not look there on its own: pass --config ${shown}`);
  }
  const note = await precedenceNote(file, lookup);
  if (note) writeLine(io.stdout, note);
  writeLine(io.stdout, 'next: robot-agent mcp add NAME -- COMMAND ARGS... (or --url URL) adds an MCP server; robot-agent doctor checks the set-up');
}

/** A folder (existing, or written with a trailing slash) gets robot-agent.json inside it. */
async function targetFile(given: string): Promise<string> {
  const resolved = path.resolve(given);
  const isFolder = /[\\/]$/.test(given) || (await stat(resolved).then((s) => s.isDirectory(), () => false));
  return isFolder ? path.join(resolved, 'robot-agent.json') : resolved;
}
