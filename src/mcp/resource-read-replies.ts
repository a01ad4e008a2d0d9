import { ErrorCode, isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { TransportFilter } from './transports/transport-filter.js';

/** The MCP spec's code for a resource that does not exist (the SDK 1.32 answers -32602 instead). */
export const RESOURCE_NOT_FOUND = -32002;

/** Longest piece of a client's URI that an error message repeats. */
const MAX_ECHOED_URI = 200;
const clip = (uri: string) => (uri.length > MAX_ECHOED_URI ? `${uri.slice(0, MAX_ECHOED_URI)}…` : uri);

/** A -32002 error a resource read callback may throw: not the SDK's McpError, whose message gets
 *  "MCP error -32002: " in front and which the client's McpError then prefixes a second time. */
export class ResourceNotFound extends Error {
  readonly code = RESOURCE_NOT_FOUND;
  readonly data: { uri: string };

  constructor(uri: string, hint?: string) {
    super(`Resource not found: ${clip(uri)}${hint ? `; ${hint}` : ''}`);
    this.data = { uri: clip(uri) };
  }
}

/**
 * Answers `resources/read` for URIs the server cannot have before the SDK sees them: a URI that
 * does not parse gets -32602 (the SDK answers -32603 "Invalid URL"), and one that no resource or
 * template matches gets -32002 with the URI in `data`, as the spec says (the SDK: -32602).
 */
export class ResourceReadReplies extends TransportFilter {
  constructor(
    inner: ConstructorParameters<typeof TransportFilter>[0],
    private readonly isKnownUri: (uri: string) => boolean,
  ) {
    super(inner);
  }

  protected override intercept(message: JSONRPCMessage): boolean {
    if (!isJSONRPCRequest(message) || message.method !== 'resources/read') return false;
    const uri = message.params?.uri;
    if (typeof uri !== 'string') return false; // InvalidParamsReplies answers that
    if (!URL.canParse(uri)) {
      this.reply({ jsonrpc: '2.0', id: message.id, error: { code: ErrorCode.InvalidParams, message: `invalid params for resources/read: params.uri: not a URI: ${clip(uri)}` } });
      return true;
    }
    if (this.isKnownUri(uri)) return false;
    const notFound = new ResourceNotFound(uri, 'resources/list and resources/templates/list name the ones there are');
    this.reply({ jsonrpc: '2.0', id: message.id, error: { code: notFound.code, message: notFound.message, data: notFound.data } });
    return true;
  }
}
