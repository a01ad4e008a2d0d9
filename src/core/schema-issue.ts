import type { z } from 'zod';

/**
 * A file that fails its schema is reported by its first problem, in one line a user can act on:
 * `field "objects[2].x" object "cube" is outside the room`.
 */
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0]!;
  const field = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
  return { field: field || '(root)', message: issue.message };
}
