import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/**
 * What the transports need of a server: connect it to one transport, close it. An SDK McpServer
 * is one; so is the robot server's handle, whose close() also stops its event subscriptions.
 */
export interface ConnectableServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}
