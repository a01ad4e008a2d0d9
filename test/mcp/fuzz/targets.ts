import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { spawnServeHttp, type Served } from '../../helpers/spawn-serve.js';
import { eachLine, ROOT, SERVE_STDIO } from '../transport-helpers.js';

/**
 * The served program (the built `robot-agent serve`, run `npm run build` first) as a fuzz target:
 * send one JSON-RPC value, get back every message that answered it. Both targets keep every
 * message the server sent, so a run can check that each request got exactly one answer and that
 * nothing internal (a stack frame, a source path) reached the client.
 */
export interface FuzzTarget {
  readonly name: string;
  /** Sends a value (a request when it has an id) and resolves with the answers to its id, after
   *  `timeoutMs` at the latest. */
  send(value: unknown, timeoutMs?: number): Promise<unknown[]>;
  /** Every message and body the server sent so far, as text. */
  received(): string[];
  stderr(): string;
  /** Resident set size of the server process, bytes. */
  rss(): number;
  alive(): boolean;
  stop(): Promise<void>;
}

export const INITIALIZE = { jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'fuzz', version: '0' } } };

/** A stack frame or a path of this machine in text a client received. */
export function leaksInternals(text: string): boolean {
  return /\n\s+at \S+ \(|\bat (file:\/\/|node:internal|\/)\S+:\d+|\/work\/|node_modules\//.test(text);
}

function rssOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Answers to one id, collected from whatever stream they arrive on. */
class AnswerBook {
  private readonly byId = new Map<string, unknown[]>();
  private readonly waiters = new Map<string, () => void>();

  add(message: unknown): void {
    const id = (message as { id?: unknown })?.id;
    if ((typeof id !== 'string' && typeof id !== 'number') || !('result' in (message as object) || 'error' in (message as object))) return;
    const key = JSON.stringify(id);
    this.byId.set(key, [...(this.byId.get(key) ?? []), message]);
    this.waiters.get(key)?.();
  }

  async wait(id: unknown, timeoutMs: number): Promise<unknown[]> {
    const key = JSON.stringify(id);
    if (!this.byId.has(key)) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        this.waiters.set(key, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      this.waiters.delete(key);
    }
    return this.byId.get(key) ?? [];
  }

  answers(id: unknown): unknown[] {
    return this.byId.get(JSON.stringify(id)) ?? [];
  }
}

export async function stdioTarget(): Promise<FuzzTarget & { answers(id: unknown): unknown[]; writeRaw(text: string): void }> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [...SERVE_STDIO, '--scenario', 'warehouse', '--seed', '1'], { cwd: ROOT, stdio: 'pipe' });
  const book = new AnswerBook();
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  child.stdin.on('error', () => undefined); // a server that died is reported by alive()
  eachLine(child.stdout, (line) => {
    lines.push(line);
    try {
      const parsed: unknown = JSON.parse(line);
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) book.add(m);
    } catch {
      // a line that is not JSON is kept in `lines`; the run's checks look at it
    }
  });
  const target = {
    name: 'stdio',
    async send(value: unknown, timeoutMs = 20_000) {
      child.stdin.write(`${JSON.stringify(value)}\n`);
      const id = (value as { id?: unknown })?.id;
      return id === undefined ? [] : book.wait(id, timeoutMs);
    },
    writeRaw: (text: string) => void child.stdin.write(text),
    answers: (id: unknown) => book.answers(id),
    received: () => lines,
    stderr: () => stderr,
    rss: () => rssOf(child.pid),
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (!target.alive()) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
  const init = await target.send(INITIALIZE);
  if (init.length !== 1) throw new Error(`serve --stdio did not answer initialize: ${stderr}`);
  await target.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return target;
}

export interface HttpTarget extends FuzzTarget {
  readonly url: string;
  readonly session: string;
  /** A POST with these headers and body; the status and every JSON-RPC message in the reply. */
  post(body: string, headers?: Record<string, string>, timeoutMs?: number): Promise<{ status: number; messages: unknown[]; text: string }>;
}

export async function httpTarget(extraArgs: string[] = [], env: NodeJS.ProcessEnv = {}, auth: Record<string, string> = {}): Promise<HttpTarget> {
  const served: Served = await spawnServeHttp(extraArgs, env);
  const bodies: string[] = [];
  let session = '';
  const post = async (body: string, headers: Record<string, string> = {}, timeoutMs = 20_000) => {
    const res = await fetch(served.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...auth, ...(session ? { 'Mcp-Session-Id': session, 'Mcp-Protocol-Version': LATEST_PROTOCOL_VERSION } : {}), ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text().catch((e: unknown) => `(body not finished: ${String(e)})`);
    bodies.push(text);
    return { status: res.status, messages: messagesIn(text, res.headers.get('content-type') ?? ''), text, session: res.headers.get('mcp-session-id') };
  };
  const init = await post(JSON.stringify(INITIALIZE));
  session = init.session ?? '';
  if (!session) throw new Error(`serve --http gave no session: ${init.status} ${init.text}`);
  await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  return {
    name: 'http',
    url: served.url,
    session,
    post,
    async send(value: unknown, timeoutMs = 20_000) {
      const id = (value as { id?: unknown })?.id;
      try {
        const { messages } = await post(JSON.stringify(value), {}, timeoutMs);
        return messages.filter((m) => (m as { id?: unknown })?.id === id && ('result' in (m as object) || 'error' in (m as object)));
      } catch (error) {
        bodies.push(`(no answer: ${String(error)})`);
        return [];
      }
    },
    received: () => bodies,
    stderr: served.stderr,
    rss: () => rssOf(served.child.pid),
    alive: () => served.child.exitCode === null && served.child.signalCode === null,
    stop: served.stop,
  };
}

/** The JSON-RPC messages in a reply: a JSON body (one message or a batch) or SSE `data:` lines. */
export function messagesIn(text: string, contentType: string): unknown[] {
  const parse = (s: string): unknown[] => {
    try {
      const v: unknown = JSON.parse(s);
      return Array.isArray(v) ? v : [v];
    } catch {
      return [];
    }
  };
  if (contentType.includes('text/event-stream')) return text.split('\n').filter((l) => l.startsWith('data: ')).flatMap((l) => parse(l.slice(6)));
  return text ? parse(text) : [];
}
