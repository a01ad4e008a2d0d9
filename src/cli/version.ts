import { readFileSync } from 'node:fs';

/** package.json, read once: two levels above every module of src/, dist/ and the bundle in
 *  dist/bundle/ (scripts/bundle.mjs), so this is the one place that finds it. */
export const PROGRAM_PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
  engines?: { node?: string };
};

/** The program's version. */
export const PROGRAM_VERSION: string = PROGRAM_PACKAGE.version;
