import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError, type CallToolResult, type Implementation, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from '../../config/config-file.js';

/** Socket and DNS error codes (Node's, and undici's under fetch) that mean the server is gone. */
const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_CONNECT_TIMEOUT']);

function errnoCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

export type ServerState = 'connected' | 'failed' | 'disconnected' | 'disabled';

export interface ExternalServerOptions {
  clientInfo: Implementation;
  connectTimeoutMs: number;
  /** Lines of a stdio server's stderr kept for error messages. */
  stderrLines: number;
  /** Called after every change of state or tool list. */
  onChange: (server: ExternalServer, previousState: ServerState, previousTools: Tool[]) => void;
}

/**
 * One configured external MCP server: its connection, its tools and its state. Connection and
 * call failures become a state and a reason, never an exception out of `connect`.
 */
export class ExternalServer {
  state: ServerState;
  /** Why the server is not connected (one line, no stderr). */
  reason?: string;
  tools: Tool[] = [];
  private client?: Client;
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

  async connect(): Promise<void> {
    if (this.state === 'disabled' || this.state === 'connected' || this.closing) return;
    if (this.config.startError !== undefined) return this.transition('failed', this.config.startError, []);
    const client = new Client(this.options.clientInfo, {
      capabilities: {},
      listChanged: { tools: { onChanged: (error, tools) => this.toolsChanged(client, error, tools) } },
    });
    const timeoutMs = this.options.connectTimeoutMs;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error('timeout')), timeoutMs);
    try {
      await client.connect(this.createTransport(), { signal: deadline.signal, timeout: timeoutMs });
      client.onclose = () => this.connectionClosed(client);
      const tools = await listAllTools(client, { signal: deadline.signal, timeout: timeoutMs });
      if (this.closing) {
        await client.close().catch(() => undefined);
        return;
      }
      this.client = client;
      this.transition('connected', undefined, tools);
    } catch (err) {
      await client.close().catch(() => undefined);
      const why = deadline.signal.aborted ? `did not finish connecting within ${timeoutMs / 1000}s` : describeFailure(err, this.config);
      this.transition('failed', why, []);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Calls a tool by its own (unprefixed) name. Throws what the SDK throws. */
  async call(toolName: string, args: Record<string, unknown>, options: RequestOptions): Promise<CallToolResult> {
    const client = this.client;
    if (!client || this.state !== 'connected') throw new McpError(ErrorCode.ConnectionClosed, 'Not connected');
    return (await client.callTool({ name: toolName, arguments: args }, undefined, options)) as CallToolResult;
  }

  /** True when a call failed because the server is unreachable (it died, closed, refused). */
  isConnectionLoss(err: unknown): boolean {
    if (this.state !== 'connected') return true;
    if (err instanceof McpError) return err.code === ErrorCode.ConnectionClosed;
    if (!(err instanceof Error)) return false;
    // fetch (HTTP servers) throws TypeError "fetch failed" whatever went wrong; the socket or DNS
    // error with its code is the cause. A stdio pipe's error carries the code itself.
    const code = errnoCode(err.cause) ?? errnoCode(err);
    if (code !== undefined) return CONNECTION_LOST.has(code);
    // The SDK rejects a request on a closed transport with a plain Error that has no code: its
    // message is the only thing that says so.
    return err.message === 'Not connected';
  }

  /** Marks a connected server gone (it died mid-mission) and withdraws its tools. */
  markDisconnected(reason: string): void {
    if (this.state !== 'connected') return;
    const client = this.client;
    this.client = undefined;
    this.transition('disconnected', reason, []);
    void client?.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closing = true;
    const client = this.client;
    this.client = undefined;
    if (this.state === 'connected') {
      this.transition('disconnected', 'closed', []);
    }
    await client?.close().catch(() => undefined);
  }

  private createTransport(): StdioClientTransport | StreamableHTTPClientTransport {
    const c = this.config;
    if (c.transport === 'http') {
      return new StreamableHTTPClientTransport(new URL(c.url), { requestInit: { headers: c.headers } });
    }
    // stderr is piped and kept (last lines only), so servers' chatter never reaches our terminal.
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

/** One line saying why a server could not be started; never includes headers or env values. */
function describeFailure(err: unknown, config: ServerConfig): string {
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
