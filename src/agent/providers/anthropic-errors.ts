/**
 * What the user reads when a Messages API call fails for good (after the SDK's own retries):
 * one line naming the status, the API's words and what to do, as a ProviderError whose
 * `retryable` says whether trying again later could help.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { ProviderError } from '../model-provider.js';

type Sdk = typeof import('@anthropic-ai/sdk');

const HINT = 'try again later or use --provider planner';

/** One clear line for an SDK error; an error that is not the SDK's (a bug) is returned as it is. */
export function describeSdkError(sdk: Sdk, client: Anthropic, error: unknown, attempt: { attempts: number; model: string }): Error {
  const retries = Math.max(0, attempt.attempts - 1);
  const after = retries === 0 ? '' : ` after ${retries} ${retries === 1 ? 'retry' : 'retries'}`;
  const url = client.baseURL;
  let result: ProviderError;

  if (error instanceof sdk.APIConnectionTimeoutError) {
    result = new ProviderError(
      `Anthropic API at ${url} did not answer within ${client.timeout} ms${after}; ${HINT}`,
      true,
    );
  } else if (error instanceof sdk.APIConnectionError) {
    const cause = causeText(error);
    result = new ProviderError(`cannot reach the Anthropic API at ${url}${cause ? ` (${cause})` : ''}${after}; ${HINT}`, true);
  } else if (error instanceof sdk.APIError) {
    const status = error.status;
    const type = error.type ?? undefined;
    const said = oneLine(error.apiMessage ?? (typeof error.error === 'string' ? error.error : '') ?? '');
    const what = [status, type].filter((x) => x !== undefined && x !== null).join(' ');
    const saying = said ? `: ${said}` : '';
    if (status === undefined) {
      // An `event: error` inside a 200 stream: the SDK does not retry these.
      if (type === 'overloaded_error') {
        result = new ProviderError(`Anthropic API overloaded (overloaded_error) while streaming the reply; ${HINT}`, true);
      } else {
        result = new ProviderError(`Anthropic API error while streaming the reply (${type ?? 'unknown'})${saying}`, type === 'api_error');
      }
    } else if (status === 401) {
      result = new ProviderError(
        `Anthropic API rejected the API key (401 ${type ?? 'authentication_error'})${saying}; check ANTHROPIC_API_KEY or use --provider planner`,
      );
    } else if (status === 403) {
      result = new ProviderError(`Anthropic API denied access (${what})${saying}`);
    } else if (status === 400) {
      result = new ProviderError(`Anthropic API rejected the request (${what})${saying}`);
    } else if (status === 404) {
      result = new ProviderError(`Anthropic API: not found (${what})${saying}; check the model id "${attempt.model}" (--model)`);
    } else if (status === 429) {
      result = new ProviderError(`Anthropic API rate limit exceeded (429)${after}${saying}; ${HINT}`, true);
    } else if (status === 529) {
      result = new ProviderError(`Anthropic API overloaded (529)${after}; ${HINT}`, true);
    } else if (status >= 500) {
      result = new ProviderError(`Anthropic API server error (${what})${after}${saying}; ${HINT}`, true);
    } else {
      result = new ProviderError(`Anthropic API error (${what})${saying}`, status === 408 || status === 409);
    }
  } else if (error instanceof sdk.AnthropicError) {
    result = new ProviderError(`Anthropic API stream failed: ${oneLine(error.message)}`, true);
  } else {
    // Not an SDK error: a bug, not something the user can act on. Keep it as it is.
    return error instanceof Error ? error : new Error(String(error));
  }
  result.cause = error;
  return result;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 297)}...` : flat;
}

function causeText(error: Error): string {
  let cause: unknown = (error as { cause?: unknown }).cause;
  let text = '';
  // undici: TypeError('fetch failed') with cause Error('connect ECONNREFUSED 127.0.0.1:1')
  for (let depth = 0; cause && depth < 4; depth++) {
    if (cause instanceof Error) {
      const code = (cause as { code?: unknown }).code;
      text = typeof code === 'string' ? code : cause.message;
      cause = (cause as { cause?: unknown }).cause;
    } else break;
  }
  return oneLine(text);
}
