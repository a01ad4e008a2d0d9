/**
 * Service calls over rosnodejs on one persistent client per (service, type). A fresh client per
 * call asks the master where the service is and opens a TCPROS connection every time (1-2.5 s a
 * call on a loaded machine); a persistent one does that once, and rosnodejs reconnects it by
 * itself when the connection drops. The service is waited for only until a client first
 * answered, and never longer than the caller's timeout.
 */
import { RosCallError, RosTimeoutError, type RosMessage } from './ros-transport.js';
import type { RnNodeHandle, RnServiceClient } from './rosnodejs-api.js';

export class PersistentServiceClients {
  private readonly clients = new Map<string, RnServiceClient>();

  constructor(private readonly nh: RnNodeHandle) {}

  async call(service: string, type: string, request: RosMessage, timeoutMs: number): Promise<RosMessage> {
    const deadline = Date.now() + timeoutMs;
    const key = `${service}\u0000${type}`;
    let client = this.clients.get(key);
    if (!client) {
      if (!(await this.nh.waitForService(service, timeoutMs))) {
        throw new RosTimeoutError(`service ${service} is not advertised (waited ${timeoutMs} ms): is its node running?`);
      }
      client = this.clients.get(key) ?? this.nh.serviceClient(service, type, { persist: true });
      this.clients.set(key, client);
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RosTimeoutError(`service ${service} did not answer within ${timeoutMs} ms`)), Math.max(0, deadline - Date.now()));
    });
    try {
      return await Promise.race([client.call(request), timeout]);
    } catch (e) {
      // A client whose call failed or hangs is not reused: rosnodejs queues calls behind an
      // unanswered one, and a refused connection may mean the service moved to another node.
      this.forget(key, client);
      if (e instanceof RosTimeoutError) throw e;
      const code = (e as { code?: string }).code;
      const why = code === 'ECONNREFUSED' ? 'its node does not answer (connection refused): it may have died without leaving the graph' : e instanceof Error ? e.message : String(e);
      throw new RosCallError(`service ${service} failed: ${why}`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes every client (the node is leaving the graph). */
  close(): void {
    for (const client of this.clients.values()) client.shutdown();
    this.clients.clear();
  }

  private forget(key: string, client: RnServiceClient): void {
    if (this.clients.get(key) === client) this.clients.delete(key);
    client.shutdown();
  }
}
