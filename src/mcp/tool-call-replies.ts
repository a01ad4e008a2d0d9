import { isJSONRPCRequest, type JSONRPCMessage, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { inputSchemaOf } from './server-builder.js';
import { MAX_NAME_LENGTH, type AnyToolDeclaration } from './tool-declaration.js';
import { failureResult } from './tool-result.js';
import { TransportFilter } from './transports/transport-filter.js';

const clip = (text: string) => (text.length > MAX_NAME_LENGTH ? `${text.slice(0, MAX_NAME_LENGTH)}…` : text);

/**
 * Answers the `tools/call` requests the SDK would refuse itself, before it sees them: a tool that
 * does not exist, or arguments that fail the tool's input schema. The SDK (1.32) answers both with
 * an isError result whose text is its McpError message ("MCP error -32602: Tool x not found"),
 * which clients prefix again, and with no code. Here they are the same failures every robot tool
 * returns: `unknown_tool` with the valid names in `tools`, `invalid_argument` with the offending
 * argument in `field`. Checked with the very schema the SDK validates against (inputSchemaOf).
 */
export class ToolCallReplies extends TransportFilter {
  private readonly schemas: ReadonlyMap<string, z.ZodObject>;

  constructor(inner: ConstructorParameters<typeof TransportFilter>[0], declarations: readonly AnyToolDeclaration<never>[]) {
    super(inner);
    this.schemas = new Map(declarations.map((d) => [d.name, inputSchemaOf(d)]));
  }

  protected override intercept(message: JSONRPCMessage): boolean {
    if (!isJSONRPCRequest(message) || message.method !== 'tools/call') return false;
    const { name, arguments: args } = (message.params ?? {}) as { name?: unknown; arguments?: unknown };
    if (typeof name !== 'string') return false; // InvalidParamsReplies answers that
    const schema = this.schemas.get(name);
    const refusal = schema ? argumentRefusal(name, schema, args ?? {}) : unknownTool(name, [...this.schemas.keys()]);
    if (refusal === undefined) return false;
    this.reply({ jsonrpc: '2.0', id: message.id, result: refusal });
    return true;
  }
}

function unknownTool(name: string, tools: string[]): CallToolResult {
  return failureResult('unknown_tool', `unknown tool "${clip(name)}"; tools/list names the ${tools.length} there are: ${tools.join(', ')}`, { tools });
}

/** The invalid_argument failure for arguments the schema rejects, naming the first bad field. */
function argumentRefusal(tool: string, schema: z.ZodObject, args: unknown): CallToolResult | undefined {
  const parsed = schema.safeParse(args);
  if (parsed.success) return undefined;
  // A misspelt name also leaves its real one missing: the misspelling is what to report.
  const { issues } = parsed.error;
  const issue = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const field = clip(issue.keys[0]!);
    const allowed = Object.keys(schema.shape);
    return failureResult('invalid_argument', `invalid arguments for ${tool}: unexpected argument "${field}"; it takes ${allowed.join(', ') || 'no arguments'}`, { field });
  }
  const field = issue.path.map(String).join('.');
  const what = issue.code === 'invalid_type' && issue.message.endsWith('received undefined') ? 'required' : issue.message;
  return failureResult('invalid_argument', `invalid arguments for ${tool}: ${field || 'arguments'}: ${what}`, { field: field || 'arguments' });
}
