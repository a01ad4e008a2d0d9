import { isAbsolute, relative, resolve } from 'node:path';

/** A path as a user would type it: relative to the working directory when inside it, else absolute. */
export function displayPath(p: string, cwd = process.cwd()): string {
  const abs = resolve(cwd, p);
  const rel = relative(cwd, abs);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
}
