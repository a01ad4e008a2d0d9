import type { Tool as AnthropicTool, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { mcpContent } from '@anthropic-ai/sdk/helpers/beta/mcp';

/**
 * MCP ⇄ Messages API conversions. Tools are offered faithfully (name, description, the full input
 * schema); results go through the SDK's own MCP content helper so they keep their text and images.
 */
export function toAnthropicTool(tool: McpTool): AnthropicTool {
  const { name, description, inputSchema } = tool;
  // Absent properties/required are sent as null, as the SDK's MCP helper sends them.
  const input_schema = { ...inputSchema, type: 'object' as const, properties: inputSchema.properties ?? null, required: inputSchema.required ?? null };
  return { name, ...(description !== undefined ? { description } : {}), input_schema };
}

export function toToolResultBlock(toolUseId: string, result: CallToolResult): ToolResultBlockParam {
  const content = [];
  for (const item of result.content ?? []) {
    try {
      content.push(mcpContent(item as never));
    } catch {
      // Content the Messages API cannot carry (audio, links): say so instead of dropping it silently.
      content.push({ type: 'text' as const, text: `[${item.type} content omitted]` });
    }
  }
  // A failure's code and details travel as JSON after its message, so a model (and the
  // planner) can act on the code rather than the wording.
  const failureData = result.isError && result.structuredContent;
  if ((content.length === 0 || failureData) && result.structuredContent) content.push({ type: 'text' as const, text: JSON.stringify(result.structuredContent) });
  return { type: 'tool_result', tool_use_id: toolUseId, content: content as ToolResultBlockParam['content'], ...(result.isError ? { is_error: true } : {}) };
}
