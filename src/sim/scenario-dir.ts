import { readdirSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the built-in scenarios are and what they are called, apart from their parser (which loads
 * zod), so that listing the names — for shell completion, for an error message — costs a folder read.
 */

/** The directory with the built-in scenarios, found relative to this module (src/ or dist/). */
export function builtInScenarioDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'missions', 'scenarios');
}

/** The built-in scenario names (a file's name without `.json`), sorted. */
export function builtInScenarioNames(dir = builtInScenarioDir()): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => basename(f, '.json'))
    .sort();
}
