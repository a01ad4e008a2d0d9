/**
 * Serves MCP over Streamable HTTP at /mcp (Node's http module + HttpSessionTransport, our
 * Node-native session transport), one server per session, plus GET /healthz. This file listens
 * and shuts down; http-routes.ts says what each request gets, http-sessions.ts keeps the sessions.
 * Binding to a non-loopback address without a token is refused.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectableServer } from './connectable-server.js';
import { BearerToken, HostAllowList, OriginAllowList, isLoopbackHost, urlHost } from './http-guards.js';
import { sendJsonRpcError } from './http-io.js';
import { MCP_PATH, httpRoutes } from './http-routes.js';
import { SessionTable } from './http-sessions.js';

/** Ten minutes: long enough for a person to read and think between calls, short enough that
 *  clients that never send DELETE free their place in the table. */
/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) equals the idle expiry
 * of common HTTP clients (Python's httpx: 5 s), so a client could send its next call on a
 * connection the server was closing at that moment and get "other side closed" instead of an
 * answer; this one outlasts the clients' own expiry, so they close first.
 */
const IDLE_CONNECTION_MS = 65_000;

export const DEFAULT_SESSION_IDLE_MS = 600_000;

export interface HttpServeOptions {
  /** Address to bind. Default 127.0.0.1. Non-loopback requires `token`. */
  host?: string;
  /** Port; 0 picks a free one. Default 8765. */
  port?: number;
  /** Bearer token required on /mcp when set. */
  token?: string;
  /** Extra Host header values accepted: "name" (any port) or "name:port". Loopback names at the
   *  bound port (and the bound address) are always accepted. */
  allowedHosts?: readonly string[];
  /** Extra browser origins accepted (same-origin loopback is always accepted). */
  allowedOrigins?: readonly string[];
  /** Largest request body accepted, bytes. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Most concurrent sessions; one more is refused with 503 and Retry-After. Default 64. */
  maxSessions?: number;
  /** A session idle this long (no request running, no stream open) ends. Default 600 000. */
  sessionIdleMs?: number;
  /** The longest one POST stays open before its requests time out. Default 900 000. */
  maxExchangeMs?: number;
  log?: (line: string) => void;
}

export interface HttpServerHandle {
  /** The MCP endpoint, e.g. http://127.0.0.1:8765/mcp */
  url: string;
  host: string;
  port: number;
  sessionCount(): number;
  close(): Promise<void>;
}

export async function serveHttp(createMcpServer: () => ConnectableServer, options: HttpServeOptions = {}): Promise<HttpServerHandle> {
  const host = options.host ?? '127.0.0.1';
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const maxSessions = options.maxSessions ?? 64;
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const log = options.log ?? (() => {});
  if (options.token !== undefined && options.token.length === 0) throw new Error('the HTTP token is empty');
  if (!isLoopbackHost(host) && options.token === undefined) {
    throw new Error(
      `refusing to serve MCP on ${host} without a token: anyone who can reach that address could drive the robot. ` +
        'Bind to 127.0.0.1, or set a token with --token-env NAME or --token-file PATH.',
    );
  }
  if (!(maxBodyBytes > 0) || !(maxSessions > 0) || !(idleMs > 0)) throw new Error('maxBodyBytes, maxSessions and sessionIdleMs must be positive');
  const bearer = options.token === undefined ? undefined : new BearerToken(options.token);
  const sessions = new SessionTable(createMcpServer, { maxSessions, idleMs, maxExchangeMs: options.maxExchangeMs, log });

  const httpServer = createServer({ keepAliveTimeout: IDLE_CONNECTION_MS, headersTimeout: IDLE_CONNECTION_MS + 1000 });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 8765, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  // Routes are made once listening: the Host allow-list needs the port, which port 0 leaves open.
  const port = (httpServer.address() as AddressInfo).port;
  const routes = httpRoutes({
    sessions,
    hosts: new HostAllowList(host, port, options.allowedHosts),
    origins: new OriginAllowList(port, options.allowedOrigins),
    ...(bearer ? { bearer } : {}),
    maxBodyBytes,
    log,
  });
  httpServer.on('request', (req, res) => {
    routes(req, res).catch((error: unknown) => {
      if (req.destroyed && res.destroyed) return; // the client went away; nothing to answer
      log(`http: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) sendJsonRpcError(res, 500, -32603, 'Internal error');
      else res.end();
    });
  });
  const url = `http://${urlHost(host)}:${port}${MCP_PATH}`;
  log(`http: serving MCP at ${url}${bearer ? ' (bearer token required)' : ''}`);

  let closing: Promise<void> | undefined;
  return {
    url,
    host,
    port,
    sessionCount: () => sessions.size,
    close() {
      closing ??= (async () => {
        await sessions.closeAll('the server is shutting down');
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          httpServer.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}
