import { createHash } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ReplayEvent, type ReplayHeader, type StoredResult } from './replay-format.js';

/** Where recorded lines go: one call per complete line, written through at once. */
export interface LineSink {
  writeLine(line: string): void;
  close(): void;
}

/** Where images go, keyed by the SHA-256 of their bytes (so each is stored once). */
export type ImageStore = (sha256: string, bytes: Buffer, mimeType: string) => void;

/**
 * A mission event as the recorder takes it: the agent's MissionEvent stream, described by shape
 * so the file format does not depend on the agent. Each line is validated against ReplayEvent.
 */
export interface RecordableEvent {
  type: string;
  /** A finished tool call's result, stored with its images replaced by their hashes. */
  result?: CallToolResult;
}

/** Streaming deltas and progress ticks: shown live, not needed to replay. */
const NOT_RECORDED = new Set(['model_text_delta', 'tool_call_progress']);

/**
 * Records a mission as JSON Lines, subscribed to the MissionEvent stream (foxglove/mcap style:
 * an append-only writer over an injected sink; the caller supplies every timestamp).
 * Each line is validated before it is written, so the file always reads back.
 */
export class MissionRecorder {
  private closed = false;

  constructor(
    private readonly sink: LineSink,
    header: ReplayHeader,
    private readonly images?: ImageStore,
  ) {
    this.sink.writeLine(JSON.stringify(header));
  }

  /** The MissionEvent consumer; the file ends with the mission's outcome. */
  readonly onEvent = (event: RecordableEvent): void => {
    if (this.closed || NOT_RECORDED.has(event.type)) return;
    const line = event.type === 'tool_call_finished' && event.result ? { ...event, result: this.storeResult(event.result) } : event;
    this.write(line);
    if (event.type === 'mission_finished') this.close();
  };

  /** A value the mission read from the injected wall clock (get_time), so replays restore it. */
  recordClock(value: number): void {
    if (!this.closed) this.write({ type: 'clock', value });
  }

  /** The mission was cancelled at this robot time (the e-stop latched or not): a replay cancels it there too. */
  recordCancellation(robotTime: number, estop: boolean): void {
    if (!this.closed) this.write({ type: 'cancelled', robotTime, estop });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.sink.close();
  }

  private write(line: unknown): void {
    this.sink.writeLine(JSON.stringify(ReplayEvent.parse(line)));
  }

  private storeResult(result: CallToolResult): StoredResult {
    return storedResult(result, this.images);
  }
}

/** A tool result in stored form: images become hashes (and go to the image store). */
export function storedResult(result: CallToolResult, images?: ImageStore): StoredResult {
  return {
    isError: result.isError === true,
    content: (result.content ?? []).map((c) => {
      if (c.type !== 'image') return c.type === 'text' ? { type: 'text' as const, text: c.text } : { ...c };
      const bytes = Buffer.from(c.data, 'base64');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      images?.(sha256, bytes, c.mimeType);
      return { type: 'image' as const, mimeType: c.mimeType, sha256 };
    }),
    ...(result.structuredContent ? { structuredContent: result.structuredContent as Record<string, unknown> } : {}),
  };
}
