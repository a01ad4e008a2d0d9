// The MCP fuzz and fault suite (test/mcp/fuzz), run longer than `npm test` runs it:
//   npm run fuzz -- --count N [--seed S]
// Builds, then runs the suite against the built `robot-agent serve` (stdio and HTTP, loopback
// only) with N generated inputs per property, and prints the inputs tried and failures found.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`${name} needs a positive whole number (e.g. ${name} 500)`);
    process.exit(2);
  }
  return n;
}
const count = option('--count', 200);
const seed = option('--seed', Date.now() % 1_000_000);
console.log(`fuzz: ${count} inputs per property, seed ${seed} (repeat a run with --seed ${seed})`);
const root = fileURLToPath(new URL('..', import.meta.url));
const run = spawnSync('npx', ['vitest', 'run', 'test/mcp/fuzz', '--reporter=dot'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_COUNT: String(count), FUZZ_SEED: String(seed), FUZZ_VERBOSE: '1' },
});
process.exit(run.status ?? 1);
