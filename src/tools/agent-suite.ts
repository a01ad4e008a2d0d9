import { createHash } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { readTextFile } from '../core/read-file.js';
import { firstIssue } from '../core/schema-issue.js';
import { Judge } from './mission-judge.js';

/**
 * The agent suite's instruction file (bench/agent-suite/instructions.yaml): one entry per
 * instruction with its scenario, seed, wording, form, whether it can be done, its judge and the
 * half it belongs to. The halves were fixed before anyone tuned the planner on them; `splitHalves`
 * is the rule that fixed them, and a test holds the file to it.
 */

export const HALVES = ['tune', 'held-out'] as const;
export type Half = (typeof HALVES)[number];

export const SuiteInstruction = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-kebab-case'),
    scenario: z.string().min(1),
    seed: z.number().int().min(1),
    /** The way of speaking it stands for (count, swap, typo, …; impossible ones by why). */
    form: z.string().regex(/^[a-z][a-z-]*$/),
    /** false: the only right outcome is an honest `failed`, and the judge lists the harm not done. */
    possible: z.boolean(),
    text: z.string().min(1),
    judge: Judge,
    half: z.enum(HALVES),
    /** Added after the split was fixed: such entries are held-out, never tuned on. */
    added_after_split: z.literal(true).optional(),
  })
  .strict();
export type SuiteInstruction = z.infer<typeof SuiteInstruction>;

export const SuiteFile = z.array(SuiteInstruction).min(1).superRefine((entries, ctx) => {
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    if (seen.has(e.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate id "${e.id}"` });
    seen.add(e.id);
    if (e.added_after_split && e.half !== 'held-out') ctx.addIssue({ code: 'custom', path: [i, 'half'], message: 'an instruction added after the split must be held-out' });
  });
});

export class SuiteFileError extends Error {
  override name = 'SuiteFileError';
}

export function loadSuiteFile(file: string): SuiteInstruction[] {
  const text = readTextFile(file, { what: 'suite file', errorClass: SuiteFileError });
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (e) {
    throw new SuiteFileError(`suite file ${file} is not valid YAML: ${(e as Error).message}`);
  }
  const result = SuiteFile.safeParse(raw);
  if (!result.success) {
    const { field, message } = firstIssue(result.error);
    throw new SuiteFileError(`${file}: field "${field}" ${message}`);
  }
  return result.data;
}

const rank = (id: string) => createHash('sha256').update(id).digest('hex');

/**
 * The split rule, fixed before tuning. Instructions are grouped by form; within a form they are
 * ordered by the SHA-256 of their id and dealt alternately to the two halves, the first card of
 * each form going to tune or held-out in turn (forms in alphabetical order), so odd-sized forms
 * do not all favour one half. Every form with two or more instructions lands in both halves,
 * and so do the impossible ones (their forms are the reasons they are impossible).
 */
export function splitHalves(entries: ReadonlyArray<{ id: string; form: string }>): Map<string, Half> {
  const byForm = new Map<string, string[]>();
  for (const e of entries) byForm.set(e.form, [...(byForm.get(e.form) ?? []), e.id]);
  const halves = new Map<string, Half>();
  [...byForm.keys()].sort().forEach((form, f) => {
    const ids = byForm.get(form)!.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
    ids.forEach((id, i) => halves.set(id, HALVES[(i + f) % 2]!));
  });
  return halves;
}
