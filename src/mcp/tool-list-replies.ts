import { isJSONRPCRequest, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { AnyToolDeclaration } from './tool-declaration.js';
import { TransportFilter } from './transports/transport-filter.js';

/** The SDK's answer for one set of declarations, as JSON text: each reply parses its own copy. */
interface ListedTools {
  declarations: readonly AnyToolDeclaration<never>[];
  answer: string;
}

/** The answers the SDK gave in this process, by the listed tools' names. */
const answers = new Map<string, ListedTools>();

/**
 * Answers `tools/list` with the answer the SDK's McpServer gave before, in this process, for the
 * very same tool declarations. The SDK converts every tool's zod input and output schema to JSON
 * Schema on each request (~10 ms for the robot's tools once V8 has optimized the converter, and
 * 40–150 ms while it has not), and the answer depends on nothing else: the declarations and their
 * schemas are built once per process (server-builder.ts), and no tool is ever disabled. Every
 * `serve --http` session and every world the TUI opens has a server of its own: the first one
 * asks the SDK, the others reuse its answer. A request the SDK has not answered here passes on.
 */
export class ToolListReplies extends TransportFilter {
  private readonly key: string;
  /** Ids of this connection's tools/list requests the SDK is answering. */
  private readonly asked = new Set<RequestId>();

  constructor(
    inner: ConstructorParameters<typeof TransportFilter>[0],
    private readonly declarations: readonly AnyToolDeclaration<never>[],
  ) {
    super(inner);
    this.key = declarations.map((d) => d.name).join('\n');
  }

  protected override intercept(message: JSONRPCMessage): boolean {
    if (!('method' in message) || message.method !== 'tools/list' || !isJSONRPCRequest(message)) return false;
    const known = answers.get(this.key);
    if (!known || !sameDeclarations(known.declarations, this.declarations)) {
      this.asked.add(message.id);
      return false;
    }
    this.reply({ jsonrpc: '2.0', id: message.id, result: JSON.parse(known.answer) as Record<string, unknown> });
    return true;
  }

  override send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.asked.size > 0 && 'result' in message && this.asked.delete(message.id)) {
      answers.set(this.key, { declarations: this.declarations, answer: JSON.stringify(message.result) });
    }
    return super.send(message, options);
  }
}

function sameDeclarations(a: readonly AnyToolDeclaration<never>[], b: readonly AnyToolDeclaration<never>[]): boolean {
  return a.length === b.length && a.every((declaration, i) => declaration === b[i]);
}
