/**
 * The embedded server: an SDK Client connected to a server in the same process through
 * InMemoryTransport's linked pair (no serialization to bytes, same protocol as stdio/HTTP).
 */
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Implementation } from '@modelcontextprotocol/sdk/types.js';
import type { ConnectableServer } from './connectable-server.js';

export interface InProcessConnection {
  client: Client;
  /** Closes the client and the server (idempotent). */
  close(): Promise<void>;
}

export async function connectInProcess(
  server: ConnectableServer,
  clientInfo: Implementation = { name: 'robot-agent', version: '0.0.0' },
  clientOptions?: ClientOptions,
): Promise<InProcessConnection> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client(clientInfo, clientOptions);
  try {
    await client.connect(clientTransport);
  } catch (error) {
    await server.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    client,
    close() {
      closing ??= (async () => {
        await client.close();
        await server.close();
      })();
      return closing;
    },
  };
}
