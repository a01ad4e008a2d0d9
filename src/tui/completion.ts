import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { RecordingEntry } from '../replay/recording-index.js';
import { PROVIDERS } from '../runtime/provider-choice.js';
import { LAST_RECORDING } from './replay-last.js';
import { SLASH_COMMANDS, type ArgumentSource, type SlashCommandInfo } from './slash-commands.js';

/**
 * What the prompt can complete, as Claude Code and gemini-cli do: after `/` the commands, after a
 * command its first argument (scenario names, recordings, providers). Pure over its sources, so
 * the menu, Tab and the tests share one answer.
 */
export interface Suggestion {
  /** What replaces the word being completed. */
  value: string;
  /** What the menu shows for it (default: the value). */
  label?: string;
  description: string;
  /** A command that is useless without an argument, or a folder: accepting it keeps completing. */
  continues?: boolean;
}

export interface Suggestions {
  /** Where the word being completed starts in the line. */
  from: number;
  items: Suggestion[];
  /** True when the items are commands (the first word), false for an argument. */
  commands: boolean;
}

export interface CompletionSources {
  /** The scenarios by name (read when first completed). */
  scenarios: () => ReadonlyArray<{ name: string; summary: string }>;
  /** The recordings folder's missions, newest first (read only when a recording is completed). */
  recordings: () => readonly RecordingEntry[];
  /** Where relative paths start. */
  cwd: string;
}

/** A folder may hold thousands of recordings: the menu offers the newest of the matches. */
const MAX_ITEMS = 50;

/** The completions for `line` with the cursor at its end; none when it is not a slash command. */
export function suggestionsFor(line: string, sources: CompletionSources): Suggestions | null {
  const m = /^\/(\S*)(?:(\s+)(.*))?$/s.exec(line);
  if (!m) return null;
  const [, word = '', gap, rest] = m;
  if (gap === undefined) return { from: 1, items: unlessComplete(word, commandItems(word.toLowerCase())), commands: true };
  const command = SLASH_COMMANDS.find((c) => c.name === word.toLowerCase() || c.aliases?.includes(word.toLowerCase()));
  // Only the first argument is completed: the words after it (a speed, a model) are free.
  if (!command?.argument || /\s/.test(rest ?? '')) return null;
  const typed = rest ?? '';
  return { from: line.length - typed.length, items: unlessComplete(typed, argumentItems(command.argument, typed, sources).slice(0, MAX_ITEMS)), commands: false };
}

/** Nothing to offer when the word typed is already the one choice, and nothing follows it. */
function unlessComplete(typed: string, items: Suggestion[]): Suggestion[] {
  return items.length === 1 && items[0]!.value === typed && !items[0]!.continues ? [] : items;
}

/** The line with `item` in place of the word being completed; a command gets its space. */
export function acceptSuggestion(line: string, s: Suggestions, item: Suggestion): string {
  return line.slice(0, s.from) + item.value + (s.commands ? ' ' : '');
}

function commandItems(typed: string): Suggestion[] {
  const matches = (c: SlashCommandInfo) => c.name.startsWith(typed) || !!c.aliases?.some((a) => a.startsWith(typed) && typed.length > 0);
  return SLASH_COMMANDS.filter(matches).map((c) => ({
    value: c.name,
    label: `/${c.name}${c.usage ? ` ${c.usage}` : ''}`,
    description: c.summary,
    ...(c.needsArgument ? { continues: true } : {}),
  }));
}

function argumentItems(source: ArgumentSource, typed: string, sources: CompletionSources): Suggestion[] {
  const lower = typed.toLowerCase();
  switch (source) {
    case 'scenario':
      return sources.scenarios().filter((s) => s.name.toLowerCase().startsWith(lower)).map((s) => ({ value: s.name, description: s.summary }));
    case 'provider':
      return PROVIDERS.filter((p) => p.name.startsWith(lower)).map((p) => ({ value: p.name, description: p.description }));
    case 'recording':
      return looksLikePath(typed) ? pathItems(typed, sources.cwd) : recordingItems(lower, sources.recordings());
  }
}

/** A word with a slash (or starting ~ or .) is a path, completed from the file system as a shell does. */
function looksLikePath(typed: string): boolean {
  return typed.includes('/') || typed.startsWith('~') || typed.startsWith('.');
}

/**
 * `last` (the newest, as `replay last` in the CLI) when it fits what was typed, then the folder's
 * missions whose file name starts with, or whose instruction contains, what was typed.
 */
function recordingItems(typed: string, recordings: readonly RecordingEntry[]): Suggestion[] {
  const newest = recordings[0];
  const last = newest && LAST_RECORDING.startsWith(typed) ? [{ value: LAST_RECORDING, description: `the newest: ${newest.instruction} · ${newest.scenario} · ${newest.outcome}` }] : [];
  const matching = recordings
    .filter((r) => !typed || path.basename(r.path).toLowerCase().startsWith(typed) || r.instruction.toLowerCase().includes(typed))
    .map((r) => ({ value: r.path, label: path.basename(r.path), description: `${r.instruction} · ${r.scenario} · ${r.outcome}` }));
  return [...last, ...matching];
}

/** Sub-folders and recordings (.jsonl) in the typed folder whose names start with the typed rest. */
function pathItems(typed: string, cwd: string): Suggestion[] {
  const cut = typed.lastIndexOf('/') + 1;
  const folder = typed.slice(0, cut);
  const prefix = typed.slice(cut);
  const expanded = folder.startsWith('~/') || folder === '~' ? path.join(homedir(), folder.slice(1)) : folder;
  let entries;
  try {
    entries = readdirSync(path.resolve(cwd, expanded || '.'), { withFileTypes: true });
  } catch {
    return []; // no such folder (yet): nothing to offer, and the command itself says what is wrong
  }
  return entries
    .filter((e) => e.name.startsWith(prefix) && (prefix.startsWith('.') || !e.name.startsWith('.')))
    .filter((e) => e.isDirectory() || e.name.endsWith('.jsonl'))
    .sort((a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || a.name.localeCompare(b.name))
    .map((e) => (e.isDirectory() ? { value: `${folder}${e.name}/`, label: `${e.name}/`, description: 'folder', continues: true } : { value: `${folder}${e.name}`, label: e.name, description: 'recording' }));
}
