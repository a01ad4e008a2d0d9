/**
 * Helpers for the transport tests: a real SDK McpServer with tools that finish at once or wait
 * (and report whether their request was cancelled), served on 127.0.0.1, driven by raw fetch.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { serveHttp, type HttpServeOptions, type HttpServerHandle } from '../../src/mcp/transports/http.js';

export const ACCEPT = 'application/json, text/event-stream';

export interface ToolServerProbe {
  /** Lets every waiting `slow` call finish. */
  release(): void;
  /** Resolves when a `slow` call has started (its request is in flight). */
  started: Promise<void>;
  /** Resolves with the reason when a `slow` call's request was cancelled (its signal aborted). */
  aborted: Promise<string>;
  /** How many servers were closed (their onclose fired). */
  closedServers: () => number;
}

/** serveHttp with one McpServer per session, each with `quick` and `slow` tools. */
export async function serveToolServer(options: HttpServeOptions = {}): Promise<{ handle: HttpServerHandle; probe: ToolServerProbe }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let onStarted!: () => void;
  const started = new Promise<void>((resolve) => (onStarted = resolve));
  let onAborted!: (reason: string) => void;
  const aborted = new Promise<string>((resolve) => (onAborted = resolve));
  let closed = 0;
  const handle = await serveHttp(
    () => {
      const server = new McpServer({ name: 'transport-test', version: '0' });
      server.server.onclose = () => void (closed += 1);
      server.registerTool('quick', { inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'quick' }] }));
      server.registerTool('slow', { inputSchema: {} }, async (_args, extra) => {
        extra.signal.addEventListener('abort', () => onAborted(String(extra.signal.reason)));
        onStarted();
        await released;
        return { content: [{ type: 'text', text: 'slow done' }] };
      });
      return server;
    },
    { port: 0, ...options },
  );
  return { handle, probe: { release, started, aborted, closedServers: () => closed } };
}

export function post(url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: signal ?? AbortSignal.timeout(10_000),
  });
}

export const initializeRequest = (id: number | string = 1, protocolVersion = LATEST_PROTOCOL_VERSION) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

/** Opens a session by hand (initialize + initialized) and returns the headers that use it. */
export async function openSession(url: string, protocolVersion = LATEST_PROTOCOL_VERSION): Promise<Record<string, string>> {
  const init = await post(url, initializeRequest(1, protocolVersion));
  const sessionId = init.headers.get('mcp-session-id');
  if (!sessionId) throw new Error(`no session: ${init.status} ${await init.text()}`);
  await init.text();
  const headers = { 'Mcp-Session-Id': sessionId, 'Mcp-Protocol-Version': protocolVersion };
  await (await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).text();
  return headers;
}

/** The JSON-RPC messages of a response, whether it came as JSON or as an SSE stream. */
export async function messagesOf(res: Response): Promise<any[]> {
  const text = await res.text();
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const body = JSON.parse(text);
    return Array.isArray(body) ? body : [body];
  }
  return text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice('data: '.length)));
}

export const callTool = (id: number | string, name: string, extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {}, ...extra },
});

export const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const BIN = fileURLToPath(new URL('../../bin/robot-agent.js', import.meta.url));
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The built `robot-agent serve --stdio`, as node's arguments; more options may follow. */
export const SERVE_STDIO = [BIN, 'serve', '--stdio', '--no-realtime'];

/** Calls `onLine` with each line `stream` ends with a newline (a line-delimited JSON-RPC peer's
 *  output); returns a function that says what came after the last newline so far. */
export function eachLine(stream: Readable, onLine: (line: string) => void): () => string {
  let buffer = '';
  stream.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      onLine(line);
    }
  });
  return () => buffer;
}

/** The built `robot-agent serve --stdio` (with `args` after it) as a child process: lines in,
 *  every stdout line and message collected in order. Killed by the returned `stop`. */
export function spawnStdioServer(args: string[] = []) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [...SERVE_STDIO, ...args], { cwd: ROOT, stdio: 'pipe' });
  const stdoutLines: string[] = [];
  const messages: any[] = [];
  const waiters: Array<() => void> = [];
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  /** Whatever stdout wrote after its last newline. */
  const tail = eachLine(child.stdout, (line) => {
    stdoutLines.push(line);
    try {
      messages.push(JSON.parse(line));
    } catch {
      messages.push({ notJson: line });
    }
    waiters.splice(0).forEach((w) => w());
  });
  const send = (message: unknown) => child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  /** The next message that is not a notification (an answer, or an array of them); throws at a
   *  stdout line that is not JSON (stdout carries the protocol only). */
  const next = async (): Promise<any> => {
    for (;;) {
      const i = messages.findIndex((m) => Array.isArray(m) || 'id' in m || 'notJson' in m);
      if (i >= 0) {
        const [message] = messages.splice(i, 1);
        if ('notJson' in message) throw new Error(`the server wrote a line that is not JSON on stdout: ${message.notJson}`);
        return message;
      }
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        child.once('exit', resolve);
      });
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  return { child, send, next, stop, stderr: () => stderr, stdoutLines, tail };
}
