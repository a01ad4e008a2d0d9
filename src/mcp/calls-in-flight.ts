import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's `extra.sendNotification` of one request: sends on that request's own stream
 *  (relatedRequestId), which over HTTP is the POST's response. */
export type RequestNotifier = (notification: ServerNotification) => Promise<void>;

/**
 * The tool calls running on one connection, each with its request-bound notifier. Robot events
 * that happen during a call go out on the newest call's stream: a Streamable HTTP client that
 * opened no standalone GET stream would otherwise never see them (the SDK sends unrelated
 * notifications only there), and one that did gets them all the same.
 */
export class CallsInFlight {
  private readonly notifiers: RequestNotifier[] = [];

  /** Registers a running call; the returned function ends it. */
  enter(notify: RequestNotifier): () => void {
    this.notifiers.push(notify);
    return () => {
      const i = this.notifiers.indexOf(notify);
      if (i >= 0) this.notifiers.splice(i, 1);
    };
  }

  /** The newest running call's notifier, if any call is running. */
  newest(): RequestNotifier | undefined {
    return this.notifiers.at(-1);
  }
}
