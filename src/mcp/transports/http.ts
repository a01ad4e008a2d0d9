/**
 * Serves MCP over Streamable HTTP at /mcp (Node's http module + HttpSessionTransport, our
 * Node-native session transport), one McpServer per session, plus GET /healthz.
 *
 * Before a request reaches MCP: Host and Origin allow-lists (403), bearer token when configured
 * (401), body size limit (413), JSON parse (-32700). Binding to a non-loopback address without a
 * token is refused.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { BearerToken, HostAllowList, OriginAllowList, isLoopbackHost, urlHost } from './http-guards.js';
import { HttpSessionTransport } from './http-session-transport.js';

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
  /** Most concurrent sessions; opening one more closes the least recently used. Default 64. */
  maxSessions?: number;
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

interface Session {
  transport: HttpSessionTransport;
  server: McpServer;
  closed: boolean;
}

const MCP_PATH = '/mcp';
const HEALTH_PATH = '/healthz';
const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID';

export async function serveHttp(
  createMcpServer: () => McpServer,
  options: HttpServeOptions = {},
): Promise<HttpServerHandle> {
  const host = options.host ?? '127.0.0.1';
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const maxSessions = options.maxSessions ?? 64;
  const log = options.log ?? (() => {});
  if (options.token !== undefined && options.token.length === 0) throw new Error('the HTTP token is empty');
  if (!isLoopbackHost(host) && options.token === undefined) {
    throw new Error(
      `refusing to serve MCP on ${host} without a token: anyone who can reach that address could drive the robot. ` +
        'Bind to 127.0.0.1, or set a token with --token-env NAME or --token-file PATH.',
    );
  }
  if (!(maxBodyBytes > 0) || !(maxSessions > 0)) throw new Error('maxBodyBytes and maxSessions must be positive');
  const bearer = options.token === undefined ? undefined : new BearerToken(options.token);

  const sessions = new Map<string, Session>(); // insertion order = least recently used first
  let hosts: HostAllowList;
  let origins: OriginAllowList;

  const closeSession = async (id: string, session: Session, why: string) => {
    if (session.closed) return;
    session.closed = true;
    sessions.delete(id);
    log(`http: session ${id} closed (${why})`);
    await session.server.close().catch(() => {});
  };

  const openSession = async (): Promise<Session> => {
    const server = createMcpServer();
    const session: Session = { server, closed: false, transport: undefined! };
    session.transport = new HttpSessionTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        while (sessions.size >= maxSessions) {
          const [oldestId, oldest] = sessions.entries().next().value as [string, Session];
          void closeSession(oldestId, oldest, `evicted: more than ${maxSessions} sessions`);
        }
        sessions.set(id, session);
        log(`http: session ${id} opened`);
      },
    });
    session.transport.onclose = () => {
      const id = session.transport.sessionId;
      if (id !== undefined) void closeSession(id, session, 'ended');
    };
    await server.connect(session.transport);
    return session;
  };

  const handleMcp = async (req: IncomingMessage, res: ServerResponse) => {
    const sessionId = headerValue(req, 'mcp-session-id');
    const session = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (sessionId !== undefined && !session) {
      return sendJsonRpcError(res, 404, -32001, 'Session not found: it ended or the server restarted; send initialize again');
    }
    if (session && sessionId !== undefined) {
      sessions.delete(sessionId); // mark as most recently used
      sessions.set(sessionId, session);
    }

    if (req.method === 'POST') {
      const body = await readBody(req, maxBodyBytes);
      if (body.tooLarge) {
        res.setHeader('Connection', 'close');
        return sendJsonRpcError(res, 413, -32000, `Request body too large: at most ${maxBodyBytes} bytes are accepted`);
      }
      let message: unknown;
      try {
        message = JSON.parse(body.text);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return sendJsonRpcError(res, 400, -32700, `Parse error: the request body is not valid JSON (${reason})`);
      }
      // JSON that is not JSON-RPC is an Invalid Request (-32600), not the SDK's parse error. A cheap
      // shape check; the SDK validates each message fully afterwards.
      const messages = Array.isArray(message) ? message : [message];
      if (messages.length === 0 || !messages.every(looksLikeJsonRpc)) {
        return sendJsonRpcError(res, 400, -32600, 'Invalid Request: the body is JSON but not a JSON-RPC 2.0 message');
      }
      if (session) return session.transport.handleRequest(req, res, message);
      const initializing = Array.isArray(message) ? message.some(isInitializeRequest) : isInitializeRequest(message);
      if (!initializing) {
        return sendJsonRpcError(res, 400, -32000, 'Bad Request: no Mcp-Session-Id header; start a session with an initialize request');
      }
      const fresh = await openSession();
      await fresh.transport.handleRequest(req, res, message);
      if (fresh.transport.sessionId === undefined) await fresh.server.close(); // initialize was refused
      return;
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (!session) return sendJsonRpcError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header required');
      return session.transport.handleRequest(req, res);
    }
    res.setHeader('Allow', 'GET, POST, DELETE');
    return sendJsonRpcError(res, 405, -32000, `Method ${req.method} not allowed on ${MCP_PATH}; use POST, GET or DELETE`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const hostProblem = hosts.check(req.headers.host);
    if (hostProblem) {
      log(`http: 403 ${hostProblem}`);
      return sendJsonRpcError(res, 403, -32000, `Forbidden: ${hostProblem}`);
    }
    const origin = headerValue(req, 'origin');
    const originProblem = origins.check(origin);
    if (originProblem) {
      log(`http: 403 ${originProblem}`);
      return sendJsonRpcError(res, 403, -32000, `Forbidden: ${originProblem}`);
    }
    if (origin !== undefined) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id, WWW-Authenticate');
    }

    const path = (req.url ?? '/').split('?', 1)[0];
    if (path === HEALTH_PATH) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('Allow', 'GET, HEAD');
        return sendJson(res, 405, { error: `use GET ${HEALTH_PATH}` });
      }
      return sendJson(res, 200, { status: 'ok' });
    }
    if (path !== MCP_PATH) return sendJson(res, 404, { error: `not found; the MCP endpoint is ${MCP_PATH}` });
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, DELETE',
        'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
        'Access-Control-Max-Age': '600',
      });
      return res.end();
    }
    if (bearer) {
      const auth = bearer.check(headerValue(req, 'authorization'));
      if (auth !== 'ok') {
        log(`http: 401 ${auth} bearer token`);
        res.setHeader(
          'WWW-Authenticate',
          auth === 'missing' ? 'Bearer realm="robot-agent"' : 'Bearer realm="robot-agent", error="invalid_token"',
        );
        return sendJsonRpcError(
          res,
          401,
          -32000,
          auth === 'missing'
            ? 'Unauthorized: send the header "Authorization: Bearer <token>"'
            : 'Unauthorized: the bearer token is wrong',
        );
      }
    }
    return handleMcp(req, res);
  };

  const httpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (req.destroyed && res.destroyed) return; // the client went away; nothing to answer
      log(`http: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) sendJsonRpcError(res, 500, -32603, 'Internal error');
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 8765, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  hosts = new HostAllowList(host, port, options.allowedHosts);
  origins = new OriginAllowList(port, options.allowedOrigins);
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
        await Promise.all([...sessions].map(([id, session]) => closeSession(id, session, 'server closing')));
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          httpServer.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

/** A request, notification or response in JSON-RPC 2.0 form (fields checked by the SDK later). */
function looksLikeJsonRpc(m: unknown): boolean {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return false;
  const r = m as Record<string, unknown>;
  if (r.jsonrpc !== '2.0') return false;
  if (typeof r.method === 'string') return true;
  return (typeof r.id === 'string' || typeof r.id === 'number') && ('result' in r || 'error' in r);
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  sendJson(res, status, { jsonrpc: '2.0', error: { code, message }, id: null });
}

/** Reads the body up to `maxBytes`. A declared Content-Length over the limit is refused without
 *  reading; otherwise reading stops as soon as the limit is passed. */
function readBody(req: IncomingMessage, maxBytes: number): Promise<{ tooLarge: true } | { tooLarge: false; text: string }> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        req.pause();
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve({ tooLarge: false, text: Buffer.concat(chunks).toString('utf8') });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => onError(new Error('the client closed the connection before sending the whole body'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
