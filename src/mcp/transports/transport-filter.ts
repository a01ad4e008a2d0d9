import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

/**
 * A transport in front of another that passes everything through both ways, for filters that
 * answer some incoming traffic themselves (subclasses override `intercept` and `noticeError`).
 * Uses the public Transport interface only. The callbacks the inner transport's owner set before
 * connecting (onmessage, onclose, onerror) keep running, as the SDK's own connect() keeps them.
 */
export abstract class TransportFilter implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(protected readonly inner: Transport) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    const owner = { message: this.inner.onmessage, close: this.inner.onclose, error: this.inner.onerror };
    this.inner.onmessage = (message, extra) => {
      owner.message?.(message, extra);
      if (!this.intercept(message)) this.onmessage?.(message, extra);
    };
    this.inner.onclose = () => {
      owner.close?.();
      this.onclose?.();
    };
    this.inner.onerror = (error) => {
      owner.error?.(error);
      this.noticeError(error);
      this.onerror?.(error);
    };
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Answers an incoming message itself; true when it did, so the server never sees it. */
  protected intercept(_message: JSONRPCMessage): boolean {
    return false;
  }

  /** Sees an error of the inner transport before it is passed on. */
  protected noticeError(_error: Error): void {}

  /** Sends a reply of the filter's own; a failure to send is reported like a transport error. */
  protected reply(message: JSONRPCMessage): void {
    this.inner.send(message).catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))));
  }
}
