import { readFileSync } from 'node:fs';

/** The program's version, read once from package.json (two levels above src/ and dist/). */
export const PROGRAM_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
