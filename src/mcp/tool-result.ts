import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isFailureCode, type Failure, type FailureCode } from '../core/failure.js';

/**
 * Failed tool results, both ways: every server and client part of this program builds them with
 * `failureResult` and reads them with `readFailure`, so the code travels as data
 * (`structuredContent.error`) and the message as text for people and models.
 */
export function failureResult(code: FailureCode, message: string, details: Record<string, unknown> = {}): CallToolResult {
  const error: Failure = { ...details, code, message };
  return { content: [{ type: 'text', text: message }], structuredContent: { error }, isError: true };
}

/** The failure a result carries, or null for a success. A failed result from a server that
 *  sends no code (another MCP server) reads as `failed` with its text. */
export function readFailure(result: Pick<CallToolResult, 'isError' | 'content' | 'structuredContent'>): Failure | null {
  if (!result.isError) return null;
  const error = (result.structuredContent as { error?: unknown } | undefined)?.error;
  if (typeof error === 'object' && error !== null && isFailureCode((error as Failure).code)) {
    const e = error as Failure;
    return { ...e, message: typeof e.message === 'string' ? e.message : resultText(result) };
  }
  return { code: 'failed', message: resultText(result) };
}

/** The text of a tool result, for printers, summaries and failures without a code. */
export function resultText(result: Pick<CallToolResult, 'content'>): string {
  return (result.content ?? [])
    .filter((c): c is { type: 'text'; text: string } => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
}
