/**
 * Serves an MCP server over stdio (for Claude Desktop and other clients that spawn the server).
 * stdout carries nothing but protocol: while serving on the real process stdout, console.log,
 * console.info and console.debug are redirected to stderr, and our own logs go to stderr.
 */
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import { format } from 'node:util';
import type { ConnectableServer } from './connectable-server.js';
import { earlyInitializeOf } from './stdio-fast-initialize.js';
import { StdioLineTransport } from './stdio-line-transport.js';

export interface StdioServeOptions {
  stdin?: Readable;
  stdout?: Writable;
  /** Where diagnostics go; defaults to a line on process.stderr. */
  log?: (line: string) => void;
  /** Longest line accepted (bytes); default 10 MiB, the SDK's stdio limit. */
  maxLineBytes?: number;
}

export interface StdioServerHandle {
  /** Resolves when the session ends (stdin closed, stdout broken, or close()). */
  closed: Promise<void>;
  close(): Promise<void>;
}

export async function serveStdio(server: ConnectableServer, options: StdioServeOptions = {}): Promise<StdioServerHandle> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const restoreConsole = stdout === process.stdout ? redirectConsoleToStderr() : () => {};

  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    // Deferred start: server.close() re-enters close() through the transport's onclose.
    closing ??= Promise.resolve().then(async () => {
      stdin.off('end', onEnd);
      stdin.off('close', onEnd);
      stdout.off('error', onStdoutError);
      try {
        await server.close();
      } finally {
        restoreConsole();
        resolveClosed();
      }
    });
    return closing;
  };
  // End of input is the client going away: the server is closed (its onclose fires, which is what
  // stops motion the session started), as a session's end is over HTTP. Without this a server whose
  // simulator keeps timers alive would also outlive the client that spawned it.
  const onEnd = () => void close();
  const onStdoutError = (error: Error) => {
    log(`stdio: stdout failed (${error.message}); closing`);
    void close();
  };
  stdin.once('end', onEnd);
  stdin.once('close', onEnd);
  stdout.on('error', onStdoutError);

  const answeredEarly = earlyInitializeOf(stdin);
  const transport = new StdioLineTransport(stdin, stdout, { log, maxLineBytes: options.maxLineBytes, ...(answeredEarly ? { answeredEarly } : {}) });
  transport.onclose = () => void close();
  try {
    await server.connect(transport);
  } catch (error) {
    await close();
    throw error;
  }
  return { closed, close };
}

/** Sends console.log/info/debug to stderr; returns a function that undoes it. */
function redirectConsoleToStderr(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  const toStderr = (...args: unknown[]) => {
    process.stderr.write(`${format(...args)}\n`);
  };
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  return () => {
    console.log = saved.log;
    console.info = saved.info;
    console.debug = saved.debug;
  };
}
