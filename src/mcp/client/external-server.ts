import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError, type CallToolResult, type Implementation, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from '../../config/config-file.js';
import { describeFailure, isConnectionLoss, lossReason } from './connection-errors.js';
import { seconds } from './duration-text.js';

export type ServerState = 'connecting' | 'connected' | 'failed' | 'disconnected' | 'disabled';

/**
 * How a dropped HTTP server is reconnected: `attempts` tries, the first `firstDelayMs` after the
 * drop, each delay twice the one before up to `maxDelayMs`. Deterministic on purpose: one client
 * per server has no herd to spread, and a fixed schedule is what a person can read and a test can
 * assert. The delays bound the load: never a hot loop.
 */
export interface ReconnectPolicy {
  attempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RECONNECT: ReconnectPolicy = { attempts: 5, firstDelayMs: 500, maxDelayMs: 8000 };

/** Where a dropped server's reconnection stands: the attempt under way, or the next one and when. */
export interface ReconnectProgress {
  attempt: number;
  of: number;
  /** Set while waiting for the attempt: the delay before it starts. */
  inMs?: number;
}

export interface ExternalServerOptions {
  clientInfo: Implementation;
  /** Limit for spawning/reaching, initializing and listing tools, per attempt. */
  connectTimeoutMs: number;
  /** Lines of a stdio server's stderr kept for error messages. */
  stderrLines: number;
  reconnect?: ReconnectPolicy;
  /** Wall clock (ms) for how long a connect took; informative only. */
  now?: () => number;
  /** Called synchronously after every change of state or tool list. */
  onChange: (server: ExternalServer, previousState: ServerState, previousTools: Tool[]) => void;
}

/**
 * One configured external MCP server: its connection, its tools and its state. Connection and
 * call failures become a state and a reason, never an exception out of `connect`. A stdio server
 * that exits is reported once and stays down; an HTTP server that drops is reconnected on the
 * ReconnectPolicy. `close()` ends everything quietly: closing is not a disconnect.
 */
export class ExternalServer {
  state: ServerState;
  /** Why the server is not connected (one line, no stderr). */
  reason?: string;
  tools: Tool[] = [];
  /** How long the last successful connect took, ms. */
  connectMs?: number;
  reconnecting?: ReconnectProgress;
  private client?: Client;
  /** The connect under way: aborted by its timeout or by close(). */
  private attempt?: { abort: AbortController; done: Promise<boolean> };
  private retryTimer?: NodeJS.Timeout;
  private probing = false;
  private readonly stderr: string[] = [];
  private partialLine = '';
  private closing = false;

  constructor(
    readonly config: ServerConfig,
    private readonly options: ExternalServerOptions,
  ) {
    this.state = config.disabled ? 'disabled' : 'disconnected';
    this.reason = config.disabled ? undefined : 'not started';
  }

  get name(): string {
    return this.config.name;
  }

  /** The reason plus, for a stdio server, the last lines it wrote to stderr. */
  errorText(): string | undefined {
    if (this.reason === undefined) return undefined;
    const tail = [...this.stderr, this.partialLine].filter((l) => l.trim()).slice(-5);
    return tail.length ? `${this.reason}; stderr: ${tail.join(' | ')}` : this.reason;
  }

  /** The first connect: resolves once connected or failed (never rejects). */
  async connect(): Promise<void> {
    if (this.state === 'disabled' || this.state === 'connected' || this.closing) return;
    if (this.attempt) return void (await this.attempt.done);
    if (this.config.startError !== undefined) return this.transition('failed', this.config.startError, []);
    const failure = await this.tryConnect();
    if (failure !== undefined) this.transition('failed', failure, []);
  }

  /** Calls a tool by its own (unprefixed) name. Throws what the SDK throws. */
  async call(toolName: string, args: Record<string, unknown>, options: RequestOptions): Promise<CallToolResult> {
    const client = this.client;
    if (!client || this.state !== 'connected') throw new McpError(ErrorCode.ConnectionClosed, 'Not connected');
    return (await client.callTool({ name: toolName, arguments: args }, undefined, options)) as CallToolResult;
  }

  /** True when a call failed because the server is unreachable (it died, closed, refused, forgot the session). */
  isConnectionLoss(err: unknown): boolean {
    return this.state !== 'connected' || isConnectionLoss(err);
  }

  /** Takes a connected server as gone after a call failed with `err` (see isConnectionLoss). */
  lost(err: unknown): void {
    this.markDisconnected(lossReason(err, this.config));
  }

  /** Marks a connected server gone and withdraws its tools; an HTTP server is then reconnected. */
  markDisconnected(reason: string): void {
    if (this.state !== 'connected' || this.closing) return;
    const client = this.client;
    this.client = undefined;
    const policy = this.reconnectPolicy();
    if (policy) this.reconnecting = { attempt: 1, of: policy.attempts, inMs: delayBefore(1, policy) };
    this.transition('disconnected', reason, []);
    void client?.close().catch(() => undefined);
    if (policy) this.scheduleReconnect(1, policy);
  }

  /** Ends the connection, a connect under way and any reconnection, without reporting a disconnect. */
  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.retryTimer);
    const attempt = this.attempt;
    attempt?.abort.abort(new Error('closed'));
    const client = this.client;
    this.client = undefined;
    this.reconnecting = undefined;
    if (this.state === 'connected' || this.state === 'connecting') this.transition('disconnected', 'closed', []);
    await Promise.all([client?.close().catch(() => undefined), attempt?.done]);
  }

  /** One attempt to connect: undefined once connected, else why not (nothing when closing). */
  private tryConnect(): Promise<string | undefined> {
    const abort = new AbortController();
    const done = this.connectOnce(abort);
    this.attempt = { abort, done: done.then((failure) => failure === undefined) };
    return done;
  }

  private async connectOnce(abort: AbortController): Promise<string | undefined> {
    const client = new Client(this.options.clientInfo, {
      capabilities: {},
      listChanged: { tools: { onChanged: (error, tools) => this.toolsChanged(client, error, tools) } },
    });
    const timeoutMs = this.options.connectTimeoutMs;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort(new Error('timeout'));
    }, timeoutMs);
    const now = this.options.now ?? (() => performance.now());
    const started = now();
    this.transition('connecting', undefined, []);
    try {
      await client.connect(await this.createTransport(), { signal: abort.signal, timeout: timeoutMs });
      const tools = await listAllTools(client, { signal: abort.signal, timeout: timeoutMs });
      if (this.closing) throw new Error('closed');
      client.onclose = () => this.connectionClosed(client);
      client.onerror = () => void this.probe(client);
      this.client = client;
      this.connectMs = Math.round(now() - started);
      this.reconnecting = undefined;
      this.transition('connected', undefined, tools);
      return undefined;
    } catch (err) {
      await client.close().catch(() => undefined);
      if (this.closing) return undefined;
      const requestTimedOut = err instanceof McpError && err.code === ErrorCode.RequestTimeout;
      return timedOut || requestTimedOut ? `timed out: not ready within ${seconds(timeoutMs)} (--mcp-timeout)` : describeFailure(err, this.config);
    } finally {
      clearTimeout(timer);
      this.attempt = undefined;
    }
  }

  /** Only an HTTP server comes back: a stdio server that exited is reported once and stays down. */
  private reconnectPolicy(): ReconnectPolicy | undefined {
    const policy = this.options.reconnect ?? DEFAULT_RECONNECT;
    return this.config.transport === 'http' && policy.attempts > 0 ? policy : undefined;
  }

  private scheduleReconnect(attempt: number, policy: ReconnectPolicy): void {
    this.retryTimer = setTimeout(() => void this.reconnect(attempt, policy), delayBefore(attempt, policy));
    // A pending retry never keeps the process alive: whoever is done closes the hub.
    this.retryTimer.unref();
  }

  private async reconnect(attempt: number, policy: ReconnectPolicy): Promise<void> {
    if (this.closing) return;
    this.reconnecting = { attempt, of: policy.attempts };
    const failure = await this.tryConnect();
    if (failure === undefined || this.closing) return;
    if (attempt >= policy.attempts) {
      this.reconnecting = undefined;
      return this.transition('failed', `gave up after ${policy.attempts} reconnect attempts; the last: ${failure}`, []);
    }
    this.reconnecting = { attempt: attempt + 1, of: policy.attempts, inMs: delayBefore(attempt + 1, policy) };
    this.transition('disconnected', failure, []);
    this.scheduleReconnect(attempt + 1, policy);
  }

  /**
   * A transport error on a connected server (over HTTP: the event stream broke, a reconnection of
   * it failed) does not say the server is gone; a ping does. Only a failed ping withdraws it.
   */
  private async probe(client: Client): Promise<void> {
    if (this.probing || this.client !== client || this.state !== 'connected') return;
    this.probing = true;
    try {
      await client.ping({ timeout: this.options.connectTimeoutMs });
    } catch (err) {
      if (this.client === client) this.markDisconnected(isConnectionLoss(err) ? lossReason(err, this.config) : 'the server stopped answering pings');
    } finally {
      this.probing = false;
    }
  }

  /** The transports are loaded here, not with the module: a run without external servers (most)
   *  does not pay for them at start-up. */
  private async createTransport(): Promise<StdioClientTransport | StreamableHTTPClientTransport> {
    const c = this.config;
    if (c.transport === 'http') {
      const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
      return new StreamableHTTPClientTransport(new URL(c.url), { requestInit: { headers: c.headers } });
    }
    // stderr is piped and kept (last lines only), so servers' chatter never reaches our terminal.
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const transport = new StdioClientTransport({
      command: c.command,
      args: c.args,
      env: c.env,
      ...(c.cwd === undefined ? {} : { cwd: c.cwd }),
      stderr: 'pipe',
    });
    const stream = transport.stderr;
    stream?.on('data', (chunk: Buffer | string) => this.keepStderr(String(chunk)));
    stream?.on('error', () => undefined);
    return transport;
  }

  private keepStderr(text: string): void {
    const lines = (this.partialLine + text).split(/\r?\n/);
    this.partialLine = (lines.pop() ?? '').slice(-500);
    for (const line of lines) if (line.trim()) this.stderr.push(line.slice(0, 500));
    if (this.stderr.length > this.options.stderrLines) this.stderr.splice(0, this.stderr.length - this.options.stderrLines);
  }

  private connectionClosed(client: Client): void {
    if (this.closing || this.client !== client) return;
    this.markDisconnected(this.config.transport === 'stdio' ? 'the server process exited' : 'the connection was closed');
  }

  private toolsChanged(client: Client, error: Error | null, tools: Tool[] | null): void {
    if (error || !tools || this.client !== client || this.state !== 'connected') return;
    // Some servers say "changed" as they finish starting, with the list they already gave: no news.
    if (JSON.stringify(tools) === JSON.stringify(this.tools)) return;
    this.transition('connected', undefined, tools);
  }

  private transition(state: ServerState, reason: string | undefined, tools: Tool[]): void {
    const previousState = this.state;
    const previousTools = this.tools;
    this.state = state;
    this.reason = reason;
    this.tools = tools;
    this.options.onChange(this, previousState, previousTools);
  }
}

function delayBefore(attempt: number, policy: ReconnectPolicy): number {
  return Math.min(policy.firstDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
}

/** All tools of a server, following pagination. */
export async function listAllTools(client: Client, options?: RequestOptions): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, options);
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}
