/**
 * What the HTTP server answers, request by request. Before anything reaches MCP: Host and Origin
 * allow-lists (403), GET /healthz, CORS preflight, bearer token (401). Then /mcp: body limit
 * (413), JSON parse (-32700), the JSON-RPC envelope as the SDK's schemas define it (-32600), and
 * the session the request belongs to (404 for one that ended; a new one for initialize, or 503
 * with Retry-After when the table is full).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isInitializeRequest, isJSONRPCRequest, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { BearerToken, HostAllowList, OriginAllowList } from './http-guards.js';
import { headerValue, readBody, sendJson, sendJsonRpcError } from './http-io.js';
import type { Session, SessionTable } from './http-sessions.js';
import { errorReply, readEnvelope } from './json-rpc-envelope.js';
import { notInitialized } from './session-lifecycle.js';

export const MCP_PATH = '/mcp';
const HEALTH_PATH = '/healthz';
const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID';

export interface RouteOptions {
  sessions: SessionTable;
  hosts: HostAllowList;
  origins: OriginAllowList;
  bearer?: BearerToken;
  maxBodyBytes: number;
  log: (line: string) => void;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function httpRoutes(options: RouteOptions): RequestHandler {
  const { hosts, origins, bearer, log } = options;
  const mcp = mcpEndpoint(options);
  return async (req, res) => {
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
      return void res.end();
    }
    if (bearer) {
      const auth = bearer.check(headerValue(req, 'authorization'));
      if (auth !== 'ok') {
        log(`http: 401 ${auth} bearer token`);
        res.setHeader('WWW-Authenticate', auth === 'missing' ? 'Bearer realm="robot-agent"' : 'Bearer realm="robot-agent", error="invalid_token"');
        const message = auth === 'missing' ? 'Unauthorized: send the header "Authorization: Bearer <token>"' : 'Unauthorized: the bearer token is wrong';
        return sendJsonRpcError(res, 401, -32000, message);
      }
    }
    return mcp(req, res);
  };
}

/** POST, GET and DELETE on /mcp, each handed to its session's transport. */
function mcpEndpoint({ sessions, maxBodyBytes }: RouteOptions): RequestHandler {
  return async (req, res) => {
    const sessionId = headerValue(req, 'mcp-session-id');
    const session = sessionId === undefined ? undefined : sessions.use(sessionId);
    if (sessionId !== undefined && !session) {
      return sendJsonRpcError(res, 404, -32001, 'Session not found: it ended or the server restarted; send initialize again');
    }
    if (req.method === 'POST') {
      const body = await readBody(req, maxBodyBytes);
      if (body.tooLarge) {
        res.setHeader('Connection', 'close');
        return sendJsonRpcError(res, 413, -32000, `Request body too large: at most ${maxBodyBytes} bytes are accepted`);
      }
      return post(req, res, body.text, session, sessions);
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (!session) return sendJsonRpcError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header required');
      return session.transport.handleRequest(req, res);
    }
    res.setHeader('Allow', 'GET, POST, DELETE');
    return sendJsonRpcError(res, 405, -32000, `Method ${req.method} not allowed on ${MCP_PATH}; use POST, GET or DELETE`);
  };
}

async function post(req: IncomingMessage, res: ServerResponse, text: string, session: Session | undefined, sessions: SessionTable): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return sendJsonRpcError(res, 400, -32700, `Parse error: the request body is not valid JSON (${reason})`);
  }
  const envelope = readEnvelope(body);
  if (!envelope.ok) return sendJson(res, 400, envelope.reply);
  if (session) return session.transport.handleRequest(req, res, envelope);
  const { messages, batch } = envelope;
  if (!messages.some(isInitializeRequest)) return beforeInitialize(res, messages, batch);
  const full = sessions.fullMessage();
  if (full) {
    res.setHeader('Retry-After', String(full.retryAfterSeconds));
    const id = messages.length === 1 && 'id' in messages[0]! ? (messages[0].id as RequestId) : null;
    return sendJson(res, 503, errorReply(id, -32000, full.message));
  }
  const fresh = await sessions.open();
  await fresh.transport.handleRequest(req, res, envelope);
  if (fresh.transport.sessionId === undefined) await fresh.server.close(); // initialize was refused
}

/** A POST without a session that is not initialize: refused as stdio refuses it (SessionLifecycle),
 *  except pings, which the spec allows before initialize and which need no session to answer. */
function beforeInitialize(res: ServerResponse, messages: JSONRPCMessage[], batch: boolean): void {
  const requests = messages.filter(isJSONRPCRequest);
  if (requests.length > 0 && requests.length === messages.length && requests.every((r) => r.method === 'ping') && !batch) {
    return sendJson(res, 200, { jsonrpc: '2.0', id: requests[0]!.id, result: {} });
  }
  return sendJson(res, 400, notInitialized(batch || requests.length === 0 ? null : requests[0]!.id));
}
