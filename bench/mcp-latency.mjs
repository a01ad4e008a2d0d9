// MCP latency and throughput: tools/call get_robot_status through a real SDK Client
//   - in-process (InMemoryTransport linked pair, no bytes),
//   - over stdio to a spawned `robot-agent serve --stdio --no-realtime`,
//   - over Streamable HTTP to a spawned `robot-agent serve --http --no-realtime` on 127.0.0.1,
// then HTTP throughput with 16 concurrent clients (one session each) for a bounded time/count,
// twice: with SDK clients (fetch + SSE parsing + zod in the client: the load generator shares the
// machine with the server and costs about as much) and with minimal keep-alive HTTP clients that
// speak the same protocol (initialize, session header, POST tools/call, read the SSE reply).
// Calls are sequential per client; the clients do not call tools/list first, so the figures are
// the server's path (plus transport), without the SDK client's own output-schema validation.
//
//   npm run build && node bench/mcp-latency.mjs [--json] [--calls N] [--seconds S] [--requests N] [--clients N]
import { spawn } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import os, { cpus } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createRobotMcpServer } from '../dist/mcp/robot-server.js';
import { connectInProcess } from '../dist/mcp/transports/in-process.js';
import { createSimulatedRobot } from '../dist/runtime/simulated-robot.js';

const args = process.argv.slice(2);
const json = args.includes('--json');
function numberArg(name, fallback) {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const n = Number(args[i + 1]);
  if (!(n > 0)) {
    console.error(`${name} needs a positive number`);
    process.exit(2);
  }
  return n;
}
const CALLS = numberArg('--calls', 3000); // sequential calls per latency measurement
const SECONDS = numberArg('--seconds', 5); // throughput: stop after this long...
const REQUESTS = numberArg('--requests', 20_000); // ...or this many requests, whichever first
const CLIENTS = numberArg('--clients', 16);
const WARMUP = 300;

// The SDK's HTTP client shares one AbortSignal across its fetches and undici releases each
// fetch's listener only at GC: with thousands of calls Node warns about a leak that is not ours.
setMaxListeners(0);

const BIN = fileURLToPath(new URL('../bin/robot-agent.js', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CALL = { name: 'get_robot_status', arguments: {} };

function stats(samplesMs) {
  const s = Float64Array.from(samplesMs).sort();
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { n: s.length, medianMs: round(at(0.5)), p99Ms: round(at(0.99)), maxMs: round(s[s.length - 1]) };
}
const round = (x) => Math.round(x * 1000) / 1000;

async function sequential(client, calls) {
  for (let i = 0; i < WARMUP; i++) await client.callTool(CALL);
  const samples = new Array(calls);
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    const r = await client.callTool(CALL);
    samples[i] = performance.now() - t0;
    if (r.isError) throw new Error(`get_robot_status failed: ${JSON.stringify(r.content)}`);
  }
  return stats(samples);
}

/** Spawns `serve` with the given transport flag; resolves with the child and (HTTP) its URL. */
function spawnServe(extra) {
  const child = spawn(process.execPath, [BIN, 'serve', '--no-realtime', ...extra], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const url = new Promise((resolve, reject) => {
    child.stderr.on('data', (d) => {
      stderr += d;
      const m = /^robot-agent MCP server on (http:\/\/\S+) /m.exec(stderr);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}) before listening: ${stderr}`)));
  });
  return { child, url };
}

/** CPU time (ms) a process has used so far, from /proc (Linux); undefined elsewhere. Unlike
 *  requests/s it hardly depends on what else the machine is doing. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ = 100
  } catch {
    return undefined;
  }
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function inProcess() {
  const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1 });
  const server = createRobotMcpServer({ robot: sr.robot, wallClock: Date.now, rng: sr.toolRng, version: 'bench' });
  const conn = await connectInProcess(server);
  try {
    return await sequential(conn.client, CALLS);
  } finally {
    await conn.close();
  }
}

async function overStdio() {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'serve', '--stdio', '--no-realtime'],
    cwd: ROOT,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  try {
    return await sequential(client, CALLS);
  } finally {
    await client.close();
  }
}

async function httpClient(url) {
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** A bare MCP-over-HTTP session on a keep-alive socket: what any HTTP client library would send. */
async function rawSession(endpoint, agent) {
  const url = new URL(endpoint);
  const post = (headers, body) =>
    new Promise((resolve, reject) => {
      const req = http.request(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': Buffer.byteLength(body), ...headers } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const init = await post({}, JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench-raw', version: '0' } } }));
  const headers = { 'mcp-session-id': init.headers['mcp-session-id'], 'mcp-protocol-version': '2025-06-18' };
  await post(headers, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  let id = 1;
  return {
    async callTool() {
      const r = await post(headers, JSON.stringify({ jsonrpc: '2.0', id: id++, method: 'tools/call', params: CALL }));
      return { isError: r.status !== 200 || !r.text.includes('"result"') || r.text.includes('"isError":true') };
    },
    close: async () => {},
  };
}

/** CLIENTS concurrent loops of sequential calls until SECONDS or REQUESTS, whichever first. */
async function throughput(clients, serverPid) {
  // Warm up concurrently (JIT, sockets, sessions) before measuring the steady state.
  await Promise.all(clients.map(async (c) => {
    for (let i = 0; i < 200; i++) await c.callTool(CALL);
  }));
  const cpu0 = cpuMs(serverPid);
  const samples = [];
  let started = 0;
  let errors = 0;
  const t0 = performance.now();
  const deadline = t0 + SECONDS * 1000;
  await Promise.all(
    clients.map(async (c) => {
      while (started < REQUESTS && performance.now() < deadline) {
        started++;
        const s = performance.now();
        const r = await c.callTool(CALL).catch(() => ({ isError: true }));
        samples.push(performance.now() - s);
        if (r.isError) errors++;
      }
    }),
  );
  const elapsedS = (performance.now() - t0) / 1000;
  const cpu1 = cpuMs(serverPid);
  await Promise.all(clients.map((c) => c.close()));
  const serverCpuMsPerCall = cpu0 === undefined || cpu1 === undefined ? null : round((cpu1 - cpu0) / samples.length);
  return { clients: clients.length, requests: samples.length, errors, seconds: round(elapsedS), requestsPerSecond: Math.round(samples.length / elapsedS), serverCpuMsPerCall, ...stats(samples) };
}

async function overHttp() {
  const { child, url } = spawnServe(['--http', '--port', '0']);
  try {
    const endpoint = await url;
    const client = await httpClient(endpoint);
    const latency = await sequential(client, CALLS);
    await client.close();

    const sdk = await throughput(await Promise.all(Array.from({ length: CLIENTS }, () => httpClient(endpoint))), child.pid);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const raw = await throughput(await Promise.all(Array.from({ length: CLIENTS }, () => rawSession(endpoint, agent))), child.pid);
    agent.destroy();
    return { latency, sdk, raw };
  } finally {
    await stop(child);
  }
}

const LOAD_AT_START = os.loadavg().map((x) => round(x));
const inProc = await inProcess();
const stdio = await overStdio();
const web = await overHttp();

const targets = { inProcessMedianMs: 0.1, httpRequestsPerSecond: 2000, httpP99Ms: 10 };
const result = {
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version, loadAverageAtStart: LOAD_AT_START },
  tool: 'get_robot_status',
  inProcess: inProc,
  stdio,
  http: web.latency,
  httpThroughputSdkClients: web.sdk,
  httpThroughputRawClients: web.raw,
  targets,
  // HTTP targets judged on the raw clients: the figure is then the server's, not the SDK client's.
  met: {
    inProcessMedian: inProc.medianMs <= targets.inProcessMedianMs,
    httpThroughput: web.raw.requestsPerSecond >= targets.httpRequestsPerSecond,
    httpP99: web.raw.p99Ms <= targets.httpP99Ms,
  },
};

if (json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const row = (name, s, extra = '') => `${name.padEnd(34)}${String(s.n).padStart(7)}${s.medianMs.toFixed(3).padStart(11)}${s.p99Ms.toFixed(3).padStart(11)}${s.maxMs.toFixed(2).padStart(10)}  ${extra}`;
  const mark = (ok) => (ok ? 'ok' : 'MISSED');
  console.log(`tools/call get_robot_status — ${result.machine.cpus} × ${result.machine.cpu}, Node ${result.machine.node}, load average ${result.machine.loadAverageAtStart[0]} (other work on the machine skews latency and req/s; server CPU per call much less)`);
  console.log(`${'transport'.padEnd(34)}${'calls'.padStart(7)}${'median ms'.padStart(11)}${'p99 ms'.padStart(11)}${'max ms'.padStart(10)}`);
  console.log(row('in-process', inProc, `target median ≤ ${targets.inProcessMedianMs} ms: ${mark(result.met.inProcessMedian)}`));
  console.log(row('stdio (spawned serve)', stdio));
  console.log(row('HTTP, 1 client', web.latency));
  for (const [label, t, judged] of [
    ['SDK clients', web.sdk, false],
    ['raw keep-alive clients', web.raw, true],
  ]) {
    console.log(row(`HTTP, ${t.clients} ${label}`, t, judged ? `p99 target ≤ ${targets.httpP99Ms} ms: ${mark(result.met.httpP99)}` : ''));
    console.log(
      `  throughput ${t.requestsPerSecond} req/s (${t.requests} requests in ${t.seconds} s, ${t.errors} errors` +
        (t.serverCpuMsPerCall === null ? ')' : `; server CPU ${t.serverCpuMsPerCall} ms/call)`) +
        (judged ? `; target ≥ ${targets.httpRequestsPerSecond} req/s: ${mark(result.met.httpThroughput)}` : ''),
    );
  }
}
