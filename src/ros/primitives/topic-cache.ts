import type { RosMessage, RosTransport } from '../transport/ros-transport.js';

/** The latest message of a topic and when it arrived (wall ms). */
export interface Latest {
  message: RosMessage;
  receivedAt: number;
}

/**
 * The latest message of each subscribed topic. Subscribing when the primitives open (not at
 * the first read) means a latched message is already there and a read returns at once.
 */
export class TopicCache {
  private readonly latest = new Map<string, Latest>();
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly listeners = new Set<(name: string) => void>();
  private readonly unsubscribes: (() => Promise<void>)[] = [];

  constructor(private readonly wallMs: () => number) {}

  async subscribe(ros: RosTransport, name: string, topic: string, type: string): Promise<void> {
    this.unsubscribes.push(
      await ros.subscribe(topic, type, (message) => {
        this.latest.set(name, { message, receivedAt: this.wallMs() });
        const waiting = this.waiters.get(name);
        this.waiters.delete(name);
        for (const wake of waiting ?? []) wake();
        for (const listener of this.listeners) listener(name);
      }),
    );
  }

  get(name: string): Latest | undefined {
    return this.latest.get(name);
  }

  /** The latest message, waiting up to `timeoutMs` for the first; undefined if none came. */
  async read(name: string, timeoutMs: number, signal?: AbortSignal): Promise<Latest | undefined> {
    const now = this.latest.get(name);
    if (now || timeoutMs <= 0) return now;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiters.get(name)?.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done);
      const set = this.waiters.get(name) ?? new Set();
      set.add(done);
      this.waiters.set(name, set);
    });
    return this.latest.get(name);
  }

  /** Called with the primitive's name on every message; returns a function that stops it. */
  onMessage(listener: (name: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    await Promise.all(this.unsubscribes.splice(0).map((off) => off().catch(() => undefined)));
  }
}
