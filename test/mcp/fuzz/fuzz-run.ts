import fc from 'fast-check';

/**
 * How long a fuzz run is: `npm test` runs a bounded, seeded one; `npm run fuzz -- --count N
 * [--seed S]` (scripts/fuzz.mjs) sets these to run longer and prints what it tried.
 */
const count = Number(process.env.FUZZ_COUNT ?? 25);
export const FUZZ = {
  count,
  seed: Number(process.env.FUZZ_SEED ?? 17),
  verbose: process.env.FUZZ_VERBOSE === '1',
  /** A test's time limit: a minute for the bounded run, more for long ones. */
  timeoutMs: Math.max(60_000, count * 2_000),
};

/** Runs an async property with the run's seed and count; prints inputs tried and failures found. */
export async function fuzz<T>(label: string, arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>, numRuns = FUZZ.count): Promise<void> {
  let tried = 0;
  const result = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      tried++;
      await check(value);
    }),
    { seed: FUZZ.seed, numRuns, endOnFailure: true },
  );
  const line = `fuzz ${label}: ${tried} inputs tried, ${result.failed ? `1 failure, first failing input: ${fc.stringify(result.counterexample)}: ${String(result.errorInstance)}` : '0 failures'}`;
  if (FUZZ.verbose || result.failed) console.log(line);
  if (result.failed) throw new Error(line);
}
