import { stat } from 'node:fs/promises';
import { displayPath } from '../core/display-path.js';
import { configCandidates, type ConfigLookup } from '../config/config-file.js';

/**
 * robot-agent reads only the first config file it finds (./robot-agent.json, then the user's), so
 * a file written by init or mcp add can hide another one, or be hidden by it. One line saying
 * which, for the commands that write a config file; undefined when nothing is hidden.
 */
export async function precedenceNote(file: string, lookup: Omit<ConfigLookup, 'explicitPath'>): Promise<string | undefined> {
  const candidates = configCandidates(lookup);
  const at = candidates.indexOf(file);
  if (at < 0) return undefined;
  const present = await Promise.all(candidates.map((c, i) => (i === at ? false : stat(c).then(() => true, () => false))));
  const shown = (f: string) => displayPath(f, lookup.cwd);
  const before = candidates.find((c, i) => i < at && present[i]);
  if (before !== undefined) return `in this folder robot-agent reads ${shown(before)} instead: it reads only the first config file it finds`;
  const after = candidates.find((c, i) => i > at && present[i]);
  if (after !== undefined) return `in this folder ${shown(file)} takes the place of ${shown(after)}: robot-agent reads only the first config file it finds`;
  return undefined;
}
