/**
 * The HTTP server's live MCP sessions: one server and one HttpSessionTransport each, found by
 * their Mcp-Session-Id, at most `maxSessions` at once (opening one more closes the least recently
 * used).
 */
import { randomUUID } from 'node:crypto';
import type { ConnectableServer } from './connectable-server.js';
import { HttpSessionTransport } from './http-session-transport.js';

export interface Session {
  transport: HttpSessionTransport;
  server: ConnectableServer;
  closed: boolean;
}

export class SessionTable {
  /** Insertion order = least recently used first. */
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly createServer: () => ConnectableServer,
    private readonly maxSessions: number,
    private readonly log: (line: string) => void,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  /** The session with this id, now the most recently used; undefined when there is none. */
  use(id: string): Session | undefined {
    const session = this.sessions.get(id);
    if (session) {
      this.sessions.delete(id);
      this.sessions.set(id, session);
    }
    return session;
  }

  /** A new server on a new transport. It joins the table once its initialize gives it an id. */
  async open(): Promise<Session> {
    const server = this.createServer();
    const transport = new HttpSessionTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        while (this.sessions.size >= this.maxSessions) {
          const [oldestId, oldest] = this.sessions.entries().next().value as [string, Session];
          void this.close(oldestId, oldest, `evicted: more than ${this.maxSessions} sessions`);
        }
        this.sessions.set(id, session);
        this.log(`http: session ${id} opened`);
      },
    });
    const session: Session = { server, transport, closed: false };
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined) void this.close(id, session, 'ended');
    };
    await server.connect(transport);
    return session;
  }

  async close(id: string, session: Session, why: string): Promise<void> {
    if (session.closed) return;
    session.closed = true;
    this.sessions.delete(id);
    this.log(`http: session ${id} closed (${why})`);
    await session.server.close().catch(() => {});
  }

  async closeAll(why: string): Promise<void> {
    await Promise.all([...this.sessions].map(([id, session]) => this.close(id, session, why)));
  }
}
