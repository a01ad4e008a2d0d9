/**
 * Service calls over rosnodejs. Each call gets its own short-lived client: rosnodejs 3.1 has a
 * persistent mode, but its ServiceClient.shutdown() leaves the persistent TCPROS socket open,
 * with no public way to close it, so a CLI that had called a service never exited. What can be
 * saved is the wait: a service is waited for (polling the master) only until it first answered;
 * after that a call goes straight to it, and every call stays within the caller's timeout.
 */
import { RosCallError, RosTimeoutError, type RosMessage } from './ros-transport.js';
import type { RnNodeHandle } from './rosnodejs-api.js';

export class ServiceCaller {
  /** Services that answered a call: no need to wait for them to be advertised. */
  private readonly answered = new Set<string>();

  constructor(private readonly nh: RnNodeHandle) {}

  async call(service: string, type: string, request: RosMessage, timeoutMs: number): Promise<RosMessage> {
    const deadline = Date.now() + timeoutMs;
    if (!this.answered.has(service) && !(await this.nh.waitForService(service, timeoutMs))) {
      throw new RosTimeoutError(`service ${service} is not advertised (waited ${timeoutMs} ms): is its node running?`);
    }
    const client = this.nh.serviceClient(service, type, { persist: false });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RosTimeoutError(`service ${service} did not answer within ${timeoutMs} ms`)), Math.max(0, deadline - Date.now()));
    });
    try {
      const response = await Promise.race([client.call(request), timeout]);
      this.answered.add(service);
      return response;
    } catch (e) {
      // Wait for it again next time: its node may be gone, or about to come back.
      this.answered.delete(service);
      if (e instanceof RosTimeoutError) throw e;
      const code = (e as { code?: string }).code;
      const why = code === 'ECONNREFUSED' ? 'its node does not answer (connection refused): it may have died without leaving the graph' : e instanceof Error ? e.message : String(e);
      throw new RosCallError(`service ${service} failed: ${why}`);
    } finally {
      clearTimeout(timer);
      client.shutdown();
    }
  }
}
