// MCP server start-up: from spawn to the `initialize` answer on stdout, what a host that spawns
// the server (Claude Desktop and the like) waits for each time. Measured in one run, interleaved,
// for three programs so a busy machine shifts all three alike:
//   - robot-agent serve --stdio --no-realtime (the built program; it answers a plain initialize
//     before the SDK loads, see src/mcp/transports/stdio-fast-initialize.ts, and the clock stops
//     only at a successful answer, not at an error),
//   - @modelcontextprotocol/server-everything's stdio server (the reference MCP server),
//   - a bare `node -e 0` (spawn to exit: what starting Node alone costs here),
//   - node loading the SDK's McpServer (spawn to exit: the floor for any server built on the SDK
//     that loads it before answering).
//
//   npm run build && node bench/mcp-startup.mjs [--runs N] [--json]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const json = args.includes('--json');
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 15;
if (!(Number.isInteger(RUNS) && RUNS > 0)) {
  console.error('--runs needs a positive whole number');
  process.exit(2);
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const EVERYTHING = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
const INITIALIZE = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } } })}\n`;

const PROGRAMS = [
  { name: 'robot-agent serve --stdio', args: [join(ROOT, 'bin', 'robot-agent.js'), 'serve', '--stdio', '--no-realtime'], initialize: true },
  { name: 'server-everything stdio', args: [EVERYTHING, 'stdio'], initialize: true },
  { name: 'node -e 0', args: ['-e', '0'], initialize: false },
  { name: 'node + SDK McpServer import', args: ['--input-type=module', '-e', "await import('@modelcontextprotocol/sdk/server/mcp.js')"], initialize: false },
];

/** Milliseconds from spawn to the initialize answer (or, for a bare node, to exit). */
function startOnce(program) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, program.args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    let elapsed;
    child.on('error', reject);
    child.on('exit', () => (program.initialize ? (elapsed === undefined ? reject(new Error(`${program.name} exited before answering initialize`)) : resolve(elapsed)) : resolve(performance.now() - t0)));
    if (!program.initialize) return;
    child.stdin.on('error', () => undefined);
    child.stdin.write(INITIALIZE);
    child.stdout.on('data', (d) => {
      out += d;
      const answer = out.split('\n').find((line) => /"id":1\b/.test(line));
      if (elapsed === undefined && answer !== undefined) {
        if (!answer.includes('"result"')) return child.kill(), reject(new Error(`${program.name} refused initialize: ${answer}`));
        elapsed = performance.now() - t0;
        child.kill();
      }
    });
  });
}

const samples = new Map(PROGRAMS.map((p) => [p.name, []]));
for (const p of PROGRAMS) await startOnce(p); // warm the file cache
for (let i = 0; i < RUNS; i++) for (const p of PROGRAMS) samples.get(p.name).push(await startOnce(p));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const rows = PROGRAMS.map((p) => ({ program: p.name, medianMs: Math.round(median(samples.get(p.name)) * 10) / 10, minMs: Math.round(Math.min(...samples.get(p.name)) * 10) / 10, runs: RUNS }));
if (json) console.log(JSON.stringify({ startup: rows }, null, 2));
else {
  console.log(`MCP start-up, spawn to initialize answered (${RUNS} runs each, interleaved)`);
  for (const r of rows) console.log(`  ${r.program.padEnd(28)} median ${String(r.medianMs).padStart(7)} ms   min ${String(r.minMs).padStart(7)} ms`);
}
