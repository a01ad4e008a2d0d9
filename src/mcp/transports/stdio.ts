/**
 * Serves an MCP server over stdio (for Claude Desktop and other clients that spawn the server).
 * stdout carries nothing but protocol: while serving on the real process stdout, console.log,
 * console.info and console.debug are redirected to stderr, and our own logs go to stderr.
 */
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import { format } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ConnectableServer } from './connectable-server.js';
import { TransportFilter } from './transport-filter.js';

export interface StdioServeOptions {
  stdin?: Readable;
  stdout?: Writable;
  /** Where diagnostics go; defaults to a line on process.stderr. */
  log?: (line: string) => void;
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
  // The SDK's stdio transport does not notice end of input; without this a server whose
  // simulator keeps timers alive would outlive the client that spawned it.
  const onEnd = () => void close();
  const onStdoutError = (error: Error) => {
    log(`stdio: stdout failed (${error.message}); closing`);
    void close();
  };
  stdin.once('end', onEnd);
  stdin.once('close', onEnd);
  stdout.on('error', onStdoutError);

  const transport = new ParseErrorReplies(new StdioServerTransport(stdin, stdout), log);
  transport.onclose = () => void close();
  try {
    await server.connect(transport);
  } catch (error) {
    await close();
    throw error;
  }
  return { closed, close };
}

/**
 * Wraps a transport whose framing layer drops unparseable input (the SDK's stdio ReadBuffer
 * reports it only through onerror) and answers it as JSON-RPC requires: -32700 for a line that is
 * not JSON, -32600 for JSON that is not a JSON-RPC message. The connection keeps serving.
 */
export class ParseErrorReplies extends TransportFilter {
  constructor(
    inner: Transport,
    private readonly log: (line: string) => void = () => {},
  ) {
    super(inner);
  }

  protected override noticeError(error: Error): void {
    const reply = parseErrorReply(error);
    if (!reply) return;
    this.log(`stdio: ${reply.error.message}`);
    this.reply(reply);
  }
}

function parseErrorReply(error: Error) {
  let code: number;
  let message: string;
  if (error instanceof SyntaxError) {
    code = -32700;
    message = 'Parse error: the line is not valid JSON';
  } else if (error.name === 'ZodError' || 'issues' in error) {
    code = -32600;
    message = 'Invalid Request: the line is JSON but not a JSON-RPC 2.0 message';
  } else {
    return undefined;
  }
  return { jsonrpc: '2.0' as const, id: null, error: { code, message } } as unknown as JSONRPCMessage & {
    error: { message: string };
  };
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
