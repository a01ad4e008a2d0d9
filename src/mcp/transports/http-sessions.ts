/**
 * The HTTP server's live MCP sessions: one server and one HttpSessionTransport each, found by
 * their Mcp-Session-Id, at most `maxSessions` at once. A live session is never pushed out to make
 * room: when the table is full a new client is told (503) when to come back, and sessions leave
 * only by DELETE, by staying idle for `idleMs`, by the client hanging up on running requests, or
 * by the server closing.
 */
import { randomUUID } from 'node:crypto';
import type { ConnectableServer } from './connectable-server.js';
import { HttpSessionTransport } from './http-session-transport.js';

export interface Session {
  transport: HttpSessionTransport;
  server: ConnectableServer;
  closed: boolean;
  /** When the session last did anything (Date.now ms). */
  lastActivity: number;
  idleTimer?: NodeJS.Timeout;
}

export interface SessionTableOptions {
  maxSessions: number;
  /** A session idle this long (no request running, no stream open) is closed. */
  idleMs: number;
  /** The longest one POST stays open (HttpSessionTransport's maxExchangeMs). */
  maxExchangeMs?: number;
  log: (line: string) => void;
}

export class SessionTable {
  private readonly sessions = new Map<string, Session>();
  /** Sessions whose initialize is under way: they hold a place in the table already. */
  private opening = 0;

  constructor(
    private readonly createServer: () => ConnectableServer,
    private readonly options: SessionTableOptions,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  /** The session with this id; undefined when there is none. */
  use(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  /** Undefined while there is room for one more session; else what to tell the client. */
  fullMessage(): { message: string; retryAfterSeconds: number } | undefined {
    const { maxSessions, idleMs } = this.options;
    if (this.sessions.size + this.opening < maxSessions) return undefined;
    const now = Date.now();
    const idle = [...this.sessions.values()].filter((s) => !s.transport.busy);
    const idleSeconds = Math.round(idleMs / 1000);
    if (idle.length === 0) {
      return {
        retryAfterSeconds: idleSeconds,
        message: `Too many sessions: all ${maxSessions} are busy (requests running or streams open); a session ends ${idleSeconds} s after it goes idle, or when its client sends DELETE; retry later`,
      };
    }
    const soonest = Math.min(...idle.map((s) => s.lastActivity + idleMs));
    const wait = Math.max(1, Math.ceil((soonest - now) / 1000));
    return {
      retryAfterSeconds: wait,
      message: `Too many sessions: all ${maxSessions} are open (${idle.length} idle, the first ends in ${wait} s unless used); retry then, and end sessions you no longer need with DELETE`,
    };
  }

  /** A new server on a new transport. It joins the table once its initialize gives it an id. */
  async open(): Promise<Session> {
    const server = this.createServer();
    this.opening += 1;
    let counted = true;
    const settle = () => {
      if (counted) this.opening -= 1;
      counted = false;
    };
    const transport = new HttpSessionTransport({
      sessionIdGenerator: () => randomUUID(),
      maxExchangeMs: this.options.maxExchangeMs,
      onsessioninitialized: (id) => {
        settle();
        this.sessions.set(id, session);
        this.armIdleTimer(id, session);
        this.options.log(`http: session ${id} opened`);
      },
    });
    const session: Session = { server, transport, closed: false, lastActivity: Date.now() };
    transport.onactivity = () => {
      session.lastActivity = Date.now();
      const id = transport.sessionId;
      if (id !== undefined && !transport.busy) this.armIdleTimer(id, session);
    };
    transport.onabandoned = () => {
      const id = transport.sessionId;
      if (id !== undefined) void this.close(id, session, 'the client hung up with requests running and no stream left to answer on');
    };
    transport.onclose = () => {
      settle();
      const id = transport.sessionId;
      if (id !== undefined) void this.close(id, session, transport.closeReason);
    };
    try {
      await server.connect(transport);
    } catch (error) {
      settle();
      throw error;
    }
    return session;
  }

  /**
   * Ends a session. The contract every way out keeps (DELETE, idle timeout, a client that hung up
   * with nothing left to deliver to, server shutdown): the session's McpServer is closed, so its
   * onclose fires — what stops motion the session started — and requests still running are
   * answered with `why` instead of being left hanging. Idempotent.
   */
  async close(id: string, session: Session, why: string): Promise<void> {
    if (session.closed) return;
    session.closed = true;
    clearTimeout(session.idleTimer);
    this.sessions.delete(id);
    session.transport.closeReason = why;
    this.options.log(`http: session ${id} closed (${why})`);
    await session.server.close().catch(() => {});
  }

  async closeAll(why: string): Promise<void> {
    await Promise.all([...this.sessions].map(([id, session]) => this.close(id, session, why)));
  }

  /** Checks the session `idleMs` after its last activity; a busy one is checked again when its
   *  work ends (onactivity re-arms), so only a session idle for the whole time is closed. */
  private armIdleTimer(id: string, session: Session): void {
    clearTimeout(session.idleTimer);
    const due = session.lastActivity + this.options.idleMs - Date.now();
    session.idleTimer = setTimeout(() => {
      if (session.closed || session.transport.busy) return;
      if (Date.now() - session.lastActivity < this.options.idleMs) return this.armIdleTimer(id, session);
      void this.close(id, session, `idle for ${Math.round(this.options.idleMs / 1000)} s`);
    }, Math.max(0, due));
    session.idleTimer.unref();
  }
}
