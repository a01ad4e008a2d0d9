import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError, type CallToolResult, type Implementation, type Progress, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from '../../config/config-file.js';
import type { Failure } from '../../core/failure.js';
import { failureResult } from '../tool-result.js';
import { ExternalServer, listAllTools, type ReconnectPolicy, type ReconnectProgress, type ServerState } from './external-server.js';

export type { ReconnectPolicy, ReconnectProgress, ServerState } from './external-server.js';

/** Separator between server name and tool name: `<server>__<tool>`. */
export const TOOL_NAME_SEPARATOR = '__';

/**
 * The hub's status API, for `run`'s status lines, `mcp list`, `doctor` and the TUI's `/mcp`:
 *
 *   hub.status()          a snapshot: ServerStatus[], the embedded server first, then the config's order
 *   hub.onStatusChange(f) f(change) after every change of a server's state or tool list, synchronously
 *                         and in order, with the status as of that change; never after close()
 *   hub.settled()         resolves once every server's first connect has ended (connected or failed)
 *
 * An external server goes `connecting` → `connected` | `failed`; a connected one may go
 * `disconnected` (a stdio process exited: for good; an HTTP server dropped: `reconnecting` says
 * which attempt is next, then `connecting` again, and `failed` once the attempts are used up).
 * `disabled` never changes. Closing the hub is not a change: listeners hear nothing of it.
 */
export interface ServerStatus {
  name: string;
  transport: 'stdio' | 'http' | 'embedded';
  state: ServerState;
  /** Why it is not connected; for stdio servers, with the last lines of stderr. */
  error?: string;
  toolCount: number;
  /** How long its last successful connect took (start or reach, initialize, list tools), ms. */
  connectMs?: number;
  /** A dropped HTTP server being reconnected: the attempt under way (`connecting`) or next (`disconnected`). */
  reconnecting?: ReconnectProgress;
}

export interface ServerStatusChange {
  status: ServerStatus;
  previousState: ServerState;
  /** Names (as listed by the hub) that disappeared / appeared with this change. */
  withdrawnTools: string[];
  addedTools: string[];
}

export interface HubCallOptions {
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  /** Used when the server has no `timeoutSeconds` of its own. */
  timeoutMs?: number;
}

export interface McpHubOptions {
  /** The embedded robot server's client, already connected; its tools keep their plain names. */
  embedded?: Client;
  /** Name shown for the embedded server in `status()`. */
  embeddedName?: string;
  servers?: ServerConfig[];
  /** Limit for spawning/reaching, initializing and listing tools of each external server (default 20 s). */
  connectTimeoutMs?: number;
  /** How a dropped HTTP server is reconnected (default DEFAULT_RECONNECT). */
  reconnect?: ReconnectPolicy;
  clientInfo?: Implementation;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 20_000;

type Route = { kind: 'embedded'; toolName: string } | { kind: 'external'; server: ExternalServer; toolName: string };

/**
 * The agent's single view of MCP: the embedded robot server plus the external servers from the
 * config file. External servers connect in parallel and in the background: `start()` does not
 * wait for them, and their tools join `listTools()` as each one connects (the mission loop reads
 * the list every turn). Tools of external servers are namespaced `<server>__<tool>` (descriptions
 * are kept as the server wrote them). A server that fails or dies loses its tools; calls never
 * throw for tool, server or timeout failures — they return `isError` results — only for the
 * caller's abort.
 */
export class McpHub {
  private readonly externals: ExternalServer[];
  private readonly listeners = new Set<(change: ServerStatusChange) => void>();
  private embeddedTools: Tool[] = [];
  private routes = new Map<string, Route>();
  private started?: Promise<void>;
  private firstConnects: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: McpHubOptions = {}) {
    const clientInfo = options.clientInfo ?? { name: 'robot-agent', version: '0.0.0' };
    this.externals = (options.servers ?? []).map(
      (config) =>
        new ExternalServer(config, {
          clientInfo,
          connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
          stderrLines: 20,
          ...(options.reconnect ? { reconnect: options.reconnect } : {}),
          onChange: (server, previousState, previousTools) => this.serverChanged(server, previousState, previousTools),
        }),
    );
  }

  /**
   * Starts connecting every enabled external server, all at once and in the background (each
   * says `connecting` before this returns), and resolves once the embedded tools are listed.
   */
  start(): Promise<void> {
    this.started ??= (() => {
      this.firstConnects = Promise.all(this.externals.map((s) => s.connect()));
      return this.listEmbedded();
    })();
    return this.started;
  }

  /** Resolves once every external server's first connect has ended, connected or failed (`mcp list` waits; a mission does not). */
  async settled(): Promise<void> {
    await this.start();
    await this.firstConnects;
  }

  /**
   * Disconnects the external servers (stdio processes are ended) and stops connects and
   * reconnections under way; listeners hear nothing of it. The embedded client stays open: its
   * owner closes it.
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.externals.map((s) => s.close()));
  }

  /** Subscribes to server state and tool-list changes; returns the unsubscribe function. */
  onStatusChange(listener: (change: ServerStatusChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every tool currently available: embedded ones as-is, external ones namespaced. */
  listTools(): Tool[] {
    return [...this.routes.entries()].map(([name, route]) => this.toolFor(name, route)).filter((t): t is Tool => !!t);
  }

  /** The tools one server contributes, under the names `listTools()` uses. */
  serverTools(serverName: string): Tool[] {
    const embedded = !!this.options.embedded && serverName === this.embeddedName;
    return [...this.routes.entries()]
      .filter(([, r]) => (embedded ? r.kind === 'embedded' : r.kind === 'external' && r.server.name === serverName))
      .map(([name, route]) => this.toolFor(name, route))
      .filter((t): t is Tool => !!t);
  }

  status(): ServerStatus[] {
    const embedded: ServerStatus[] = this.options.embedded
      ? [{ name: this.embeddedName, transport: 'embedded', state: 'connected', toolCount: this.embeddedTools.length }]
      : [];
    return [...embedded, ...this.externals.map((s) => this.statusOf(s))];
  }

  async callTool(name: string, args: Record<string, unknown> = {}, options: HubCallOptions = {}): Promise<CallToolResult> {
    const route = this.routes.get(name);
    if (!route) return this.noRoute(name);
    const server = route.kind === 'external' ? route.server : undefined;
    const timeoutMs = server?.config.timeoutMs ?? options.timeoutMs;
    const request: RequestOptions = {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onprogress: options.onProgress } : {}),
      ...(timeoutMs !== undefined ? { timeout: timeoutMs } : {}),
    };
    try {
      if (route.kind === 'embedded') {
        return (await this.options.embedded!.callTool({ name: route.toolName, arguments: args }, undefined, request)) as CallToolResult;
      }
      return await route.server.call(route.toolName, args, request);
    } catch (err) {
      if (options.signal?.aborted) throw err;
      if (server?.isConnectionLoss(err)) {
        server.lost(err);
        return this.noRoute(name);
      }
      if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
        return failureResult('timeout', `Tool "${name}" timed out after ${formatSeconds(timeoutMs)}; the server did not answer in time.`);
      }
      return failureResult('failed', `Tool "${name}" failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private get embeddedName(): string {
    return this.options.embeddedName ?? 'robot';
  }

  private async listEmbedded(): Promise<void> {
    if (this.options.embedded) this.embeddedTools = await listAllTools(this.options.embedded);
    this.rebuildRoutes();
  }

  private statusOf(server: ExternalServer): ServerStatus {
    const error = server.state === 'connected' || server.state === 'disabled' ? undefined : server.errorText();
    return {
      name: server.name,
      transport: server.config.transport,
      state: server.state,
      ...(error === undefined ? {} : { error }),
      toolCount: server.state === 'connected' ? this.countRoutes(server) : 0,
      ...(server.connectMs === undefined ? {} : { connectMs: server.connectMs }),
      ...(server.reconnecting ? { reconnecting: { ...server.reconnecting } } : {}),
    };
  }

  private countRoutes(server: ExternalServer): number {
    let n = 0;
    for (const route of this.routes.values()) if (route.kind === 'external' && route.server === server) n++;
    return n;
  }

  private toolFor(name: string, route: Route): Tool | undefined {
    const source = route.kind === 'embedded' ? this.embeddedTools : route.server.tools;
    const tool = source.find((t) => t.name === route.toolName);
    return tool && { ...tool, name };
  }

  /** Embedded names first; an external tool whose namespaced name collides with one is left out. */
  private rebuildRoutes(): void {
    const routes = new Map<string, Route>();
    for (const tool of this.embeddedTools) routes.set(tool.name, { kind: 'embedded', toolName: tool.name });
    for (const server of this.externals) {
      if (server.state !== 'connected') continue;
      for (const tool of server.tools) {
        const name = `${server.name}${TOOL_NAME_SEPARATOR}${tool.name}`;
        if (!routes.has(name)) routes.set(name, { kind: 'external', server, toolName: tool.name });
      }
    }
    this.routes = routes;
  }

  private serverChanged(server: ExternalServer, previousState: ServerState, previousTools: Tool[]): void {
    const qualify = (tools: Tool[]) => tools.map((t) => `${server.name}${TOOL_NAME_SEPARATOR}${t.name}`);
    const before = new Set(qualify(previousTools));
    const after = new Set(qualify(server.tools));
    this.rebuildRoutes();
    if (this.closed) return; // shutting down on purpose is not news
    // Told now, with the status as of this change: a listener never reads a later state (closed)
    // into an earlier event, and none is told anything after close().
    const event: ServerStatusChange = {
      status: this.statusOf(server),
      previousState,
      withdrawnTools: [...before].filter((n) => !after.has(n)),
      addedTools: [...after].filter((n) => !before.has(n)),
    };
    for (const listener of this.listeners) listener(event);
  }

  /** The result for a name with no route: names the server if the prefix is one; reveals no config. */
  private noRoute(name: string): CallToolResult {
    const { code, message } = this.whyNoRoute(name);
    return failureResult(code, message);
  }

  private whyNoRoute(name: string): Pick<Failure, 'code' | 'message'> {
    const server = this.externals
      .filter((s) => name.startsWith(`${s.name}${TOOL_NAME_SEPARATOR}`))
      .sort((a, b) => b.name.length - a.name.length)[0];
    if (!server) return { code: 'unknown_tool', message: `Unknown tool "${name}". Only the tools offered in this conversation can be called.` };
    const state =
      server.state === 'disabled'
        ? 'is disabled in the config'
        : server.state === 'failed'
          ? `failed to start (${server.reason})`
          : server.state === 'disconnected'
            ? `is gone (${server.reason})`
            : server.state === 'connecting'
              ? 'is still connecting'
              : `has no tool "${name.slice(server.name.length + TOOL_NAME_SEPARATOR.length)}"`;
    const advice = server.state === 'connected' ? '' : ' Its tools are withdrawn; carry on without them.';
    const message = `Tool "${name}" is unavailable: MCP server "${server.name}" ${state}.${advice}`;
    return { code: server.state === 'connected' ? 'unknown_tool' : 'unavailable', message };
  }
}

function formatSeconds(ms: number | undefined): string {
  return ms === undefined ? 'the default limit' : `${ms / 1000}s`;
}
