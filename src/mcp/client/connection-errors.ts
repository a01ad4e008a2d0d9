import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from '../../config/config-file.js';

/**
 * How the hub tells a server that is gone from a call that merely failed, and how it words why a
 * server could not be reached — one line that never includes headers, env values or URL queries.
 */

/** Socket and DNS error codes (Node's, and undici's under fetch) that mean the server is gone. */
const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_CONNECT_TIMEOUT']);

function errnoCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A Streamable HTTP answer 404 to our session. The SDK's StreamableHTTPError is the one error that
 * carries an HTTP status as a numeric `code` (socket errors have string codes, McpError is told
 * apart first); told by that rather than by `instanceof`, so this module does not load the HTTP
 * transport for a run that has no HTTP server.
 */
function isSessionNotFound(err: unknown): boolean {
  return err instanceof Error && !(err instanceof McpError) && (err as { code?: unknown }).code === 404;
}

/**
 * True when a request failed because the server is unreachable (it died, closed, refused) or, over
 * HTTP, no longer knows our session — a restarted server answers 404, and the spec then asks the
 * client to start a new session.
 */
export function isConnectionLoss(err: unknown): boolean {
  if (err instanceof McpError) return err.code === ErrorCode.ConnectionClosed;
  if (isSessionNotFound(err)) return true;
  if (!(err instanceof Error)) return false;
  // fetch (HTTP servers) throws TypeError "fetch failed" whatever went wrong; the socket or DNS
  // error with its code is the cause. A stdio pipe's error carries the code itself.
  const code = errnoCode(err.cause) ?? errnoCode(err);
  if (code !== undefined) return CONNECTION_LOST.has(code);
  // The SDK rejects a request on a closed transport with a plain Error that has no code: its
  // message is the only thing that says so.
  return err.message === 'Not connected';
}

/** Why a connected server is taken to be gone, after a request failed with a connection loss. */
export function lossReason(err: unknown, config: ServerConfig): string {
  if (config.transport === 'stdio') return 'the server process exited';
  if (isSessionNotFound(err)) return 'the server no longer knows this session (it restarted?)';
  return 'the server stopped answering';
}

/** One line saying why a server could not be started. */
export function describeFailure(err: unknown, config: ServerConfig): string {
  const e = err as NodeJS.ErrnoException & { cause?: { code?: string } };
  if (config.transport === 'stdio') {
    if (e?.code === 'ENOENT') return `command "${config.command}" not found`;
    if (e?.code === 'EACCES') return `command "${config.command}" is not executable`;
    if (err instanceof McpError && err.code === ErrorCode.ConnectionClosed) return 'the server process exited before it was ready';
  } else {
    const where = safeUrl(config.url);
    const code = e?.cause?.code ?? e?.code;
    if (typeof code === 'string') return `cannot reach ${where} (${code})`;
    const cause = (e?.cause as Error | undefined)?.message;
    if (err instanceof TypeError && cause) return `cannot reach ${where} (${oneLine(cause)})`;
    if (err instanceof Error) return `${where}: ${oneLine(err.message)}`;
  }
  return err instanceof Error ? oneLine(err.message) : String(err);
}

/** The URL without credentials or query (which may carry tokens). */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return 'the server URL';
  }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
