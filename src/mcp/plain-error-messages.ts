import type { TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJSONRPCErrorResponse, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { TransportFilter } from './transports/transport-filter.js';

/**
 * Takes the "MCP error <code>: " off outgoing error messages. The SDK's McpServer throws McpError
 * for a client's mistakes (unknown prompt, resource template, …), whose message carries that
 * prefix; the client's McpError adds it again, so people saw "MCP error -32602: MCP error -32602:
 * Prompt x not found". The code is in the error object already.
 */
export class PlainErrorMessages extends TransportFilter {
  override send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (!isJSONRPCErrorResponse(message)) return super.send(message, options);
    const prefix = `MCP error ${message.error.code}: `;
    if (!message.error.message.startsWith(prefix)) return super.send(message, options);
    return super.send({ ...message, error: { ...message.error, message: message.error.message.slice(prefix.length) } }, options);
  }
}
