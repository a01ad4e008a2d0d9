/**
 * The client at the other end of one robot MCP server (one MCP session): who it is, for the
 * audit log and for messages; asking its person to confirm something (MCP elicitation); and the
 * deadman — on a server for clients in other processes, motion the session started stops when
 * the session goes away (DELETE, idle timeout, a dropped connection, end of stdin), unless it was
 * started detached. The MCP spec does not treat a disconnect as a cancel; a robot must.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isFinished, type Operation } from '../robot/operations.js';
import type { Robot } from '../robot/robot.js';
import type { Actor, AuditEntry, AuditLog } from './audit-log.js';

export interface CallerSessionOptions {
  /** Motion this session started stops when it goes away (serve); off for the embedded server,
   *  which lives and ends with its agent. */
  deadman: boolean;
  /** Whether a client that cannot be asked (no elicitation) may release the e-stop unconfirmed:
   *  the embedded server's agent confirms tools itself; `serve` only with an operator's option. */
  unconfirmedReset: 'allowed' | 'refused';
  audit?: AuditLog;
}

/** The session of a server: told when initialize is done and when the connection has closed
 *  (DELETE, idle timeout, a dropped connection, end of stdin all close the server). */
export function attachCallerSession(server: McpServer, robot: Robot, options: CallerSessionOptions): CallerSession {
  const session = new CallerSession(server, robot, options);
  const { oninitialized, onclose } = server.server;
  server.server.oninitialized = () => {
    oninitialized?.();
    session.started();
  };
  server.server.onclose = () => {
    onclose?.();
    session.ended();
  };
  return session;
}

/** What a person answered when asked to confirm: `unsupported` when the client cannot ask. */
export type Confirmation = 'accepted' | 'declined' | 'unanswered' | 'unsupported';

/** How long a person has to answer a confirmation, ms. */
const CONFIRM_TIMEOUT_MS = 120_000;

/** Work started outside the robot core (a ROS action goal) that the deadman stops like motion. */
export interface ExternalWork {
  id: string;
  active(): boolean;
  stop(reason: string): void;
}

export class CallerSession {
  private readonly goneController = new AbortController();
  private readonly owned = new Set<Operation>();
  private readonly ownedExternal = new Set<ExternalWork>();
  private lastSessionId: string | null = null;

  constructor(
    private readonly server: McpServer,
    private readonly robot: Robot,
    readonly options: CallerSessionOptions,
  ) {}

  /** The Mcp-Session-Id over HTTP; null for stdio and in-process (one connection, no id). */
  get id(): string | null {
    this.lastSessionId = this.server.server.transport?.sessionId ?? this.lastSessionId;
    return this.lastSessionId;
  }

  /** The client's name from initialize (clientInfo), or null before it. */
  get client(): string | null {
    return this.server.server.getClientVersion()?.name ?? null;
  }

  get actor(): Actor {
    return { session: this.id, client: this.client };
  }

  /** Aborted when the session has gone away. */
  get gone(): AbortSignal {
    return this.goneController.signal;
  }

  audit(entry: AuditEntry): void {
    this.options.audit?.record(this.actor, entry);
  }

  /** Called once initialize is done: the session id and client are known from now on. */
  started(): void {
    const version = this.server.server.getClientVersion()?.version ?? null;
    this.audit({ event: 'session_start', client_version: version, elicitation: this.canAsk() });
  }

  /** Called when the session has gone away: the deadman stops the motion it owns. */
  ended(): void {
    if (this.gone.aborted) return;
    this.goneController.abort();
    const stopped: string[] = [];
    for (const op of this.owned) {
      if (isFinished(op)) continue;
      this.robot.cancelOperation(op.id, this.deadmanReason());
      stopped.push(op.id);
    }
    this.owned.clear();
    for (const work of this.ownedExternal) {
      if (!work.active()) continue;
      work.stop(this.deadmanReason());
      stopped.push(work.id);
    }
    this.ownedExternal.clear();
    if (stopped.length) this.audit({ event: 'deadman', stopped });
    this.audit({ event: 'session_end' });
  }

  /** Work outside the robot core this session started (a ROS goal): stopped like owned motion. */
  ownExternal(work: ExternalWork, detach: boolean): void {
    if (!this.options.deadman || detach || !work.active()) return;
    for (const w of this.ownedExternal) if (!w.active()) this.ownedExternal.delete(w);
    if (this.gone.aborted) work.stop('the session that started it has gone away');
    else this.ownedExternal.add(work);
  }

  private deadmanReason(): string {
    return `the session that started it went away (client ${this.client ?? 'unknown'}); stopped by the deadman`;
  }

  /** Motion this session started: with the deadman on and unless detached, it stops when the
   *  session goes away. */
  own(op: Operation, detach: boolean): void {
    if (!this.options.deadman || detach || isFinished(op)) return;
    for (const o of this.owned) if (isFinished(o)) this.owned.delete(o);
    if (this.gone.aborted) this.robot.cancelOperation(op.id, 'the session that started it has gone away');
    else this.owned.add(op);
  }

  /**
   * The signals a tool waiting on an operation obeys. With the deadman on, the request's signal
   * (which the SDK aborts for notifications/cancelled and when the connection closes) cancels
   * only for the client's cancel: what happens at the session's end is the deadman's business,
   * and a detached operation just stops being waited for.
   */
  waitSignals(requestSignal: AbortSignal): { signal: AbortSignal; stopWaiting?: AbortSignal } {
    if (!this.options.deadman) return { signal: requestSignal };
    const cancel = new AbortController();
    requestSignal.addEventListener(
      'abort',
      // The SDK aborts in-flight requests just before it reports the close: look once it has.
      () => queueMicrotask(() => void (this.gone.aborted ? undefined : cancel.abort(requestSignal.reason))),
      { once: true },
    );
    return { signal: cancel.signal, stopWaiting: this.gone };
  }

  /** Whether the client can show a form (elicitation `form` mode; an empty `elicitation: {}`
   *  from before modes existed means form). */
  canAsk(): boolean {
    const elicitation = this.server.server.getClientCapabilities()?.elicitation;
    return elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
  }

  /** Asks the client's person a yes/no question through MCP elicitation, on the stream of the
   *  request `relatedRequestId` (so it reaches HTTP clients without a standalone stream). */
  async confirm(message: string, answerTitle: string, relatedRequestId?: string | number): Promise<Confirmation> {
    if (!this.canAsk()) return 'unsupported';
    try {
      const answer = await this.server.server.elicitInput(
        { message, requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: answerTitle, default: false } }, required: ['confirm'] } },
        { timeout: CONFIRM_TIMEOUT_MS, ...(relatedRequestId !== undefined ? { relatedRequestId } : {}) },
      );
      if (answer.action !== 'accept') return 'declined';
      return answer.content?.confirm === true ? 'accepted' : 'declined';
    } catch {
      return 'unanswered'; // timed out, the session closed, or the client failed to ask
    }
  }
}
