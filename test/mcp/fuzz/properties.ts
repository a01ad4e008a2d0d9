import fc from 'fast-check';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { envelope, isRequest } from './envelopes.js';
import { FUZZ, fuzz } from './fuzz-run.js';
import { invalidArguments, validObject, type JsonSchema } from './schema-arbitrary.js';
import { leaksInternals, type FuzzTarget } from './targets.js';

/**
 * The properties every transport must keep under generated input, shared by the stdio and HTTP
 * suites: each request gets exactly one answer, arguments the schema refuses are invalid_argument
 * results, nothing internal reaches the client, and the server stays up with bounded memory.
 */
interface ListedTool {
  name: string;
  inputSchema: JsonSchema;
}

let nextId = 1;
/** Requests get ids of their own so answers can be counted; everything else goes as generated. */
function withFreshId(value: unknown): unknown {
  if (!isRequest(value)) return value;
  const id = nextId++;
  return { ...value, id: typeof value.id === 'string' ? `fuzz-${id}` : id };
}

async function exactlyOneAnswer(target: FuzzTarget, value: unknown): Promise<unknown> {
  const answers = await target.send(value);
  expect(answers, `${target.name}: answers to ${JSON.stringify(value).slice(0, 300)}`).toHaveLength(1);
  return answers[0];
}

export async function listTools(target: FuzzTarget): Promise<ListedTool[]> {
  const answer = (await exactlyOneAnswer(target, { jsonrpc: '2.0', id: nextId++, method: 'tools/list' })) as { result: { tools: ListedTool[] } };
  return answer.result.tools;
}

/** tools/call with arguments generated from each tool's schema, valid and invalid. */
export async function fuzzToolArguments(target: FuzzTarget, tools: ListedTool[]): Promise<void> {
  const validator = new AjvJsonSchemaValidator();
  const checkers = new Map(tools.map((t) => [t.name, validator.getValidator(t.inputSchema as JsonSchemaType)]));
  const call = fc.constantFrom(...tools).chain((tool) =>
    fc.oneof(validObject(tool.inputSchema), invalidArguments(tool.inputSchema)).map((args) => ({ tool: tool.name, args })),
  );
  await fuzz(`${target.name} tool arguments`, call, async ({ tool, args }) => {
    const request = { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name: tool, arguments: args } };
    const answer = (await exactlyOneAnswer(target, request)) as { result?: { isError?: boolean; structuredContent?: { error?: { code?: string } } }; error?: unknown };
    const valid = typeof args === 'object' && args !== null && !Array.isArray(args) && checkers.get(tool)!(args).valid;
    if (!valid && answer.result) {
      // Arguments the schema refuses never run the tool.
      expect(answer.result.isError, JSON.stringify(request).slice(0, 300)).toBe(true);
      expect(answer.result.structuredContent?.error?.code).toBe('invalid_argument');
    }
    expect(leaksInternals(JSON.stringify(answer)), JSON.stringify(answer).slice(0, 500)).toBe(false);
  });
}

/** JSON-RPC envelopes, most near-valid: every request among them answered once; then a ping. */
export async function fuzzEnvelopes(target: FuzzTarget): Promise<void> {
  await fuzz(`${target.name} envelopes`, envelope, async (generated) => {
    const value = withFreshId(generated);
    if (isRequest(value)) await exactlyOneAnswer(target, value);
    else await target.send(value, 200);
    await exactlyOneAnswer(target, { jsonrpc: '2.0', id: nextId++, method: 'ping' });
  });
}

/** What must hold after a run: alive, nothing internal sent or logged, memory bounded. */
export function expectHealthy(target: FuzzTarget, rssAtStart: number): void {
  expect(target.alive(), `${target.name} server exited; stderr:\n${target.stderr()}`).toBe(true);
  const leaked = target.received().filter(leaksInternals);
  expect(leaked.slice(0, 3)).toEqual([]);
  expect(target.stderr(), 'stack traces on stderr').not.toMatch(/\n\s+at \S+/);
  expect(target.rss(), 'RSS after the run').toBeLessThan(Math.max(2 * rssAtStart, rssAtStart + 200 * 1024 * 1024));
}

/**
 * The properties as one transport's tests, inside the caller's describe: the target started once
 * for them and stopped after; `afterEnvelopes` runs on it between the envelope fuzz and the check
 * that it stayed healthy.
 */
export function fuzzTransport<T extends FuzzTarget>(start: () => Promise<T>, afterEnvelopes: (target: T) => Promise<void> = async () => {}): void {
  let target: T;
  let rssAtStart = 0;
  beforeAll(async () => {
    target = await start();
    rssAtStart = target.rss();
  }, 30_000);
  afterAll(async () => {
    await target?.stop();
  });

  it('answers every tool call once, refuses arguments the schema refuses, leaks nothing', async () => {
    await fuzzToolArguments(target, await listTools(target));
    expectHealthy(target, rssAtStart);
  }, FUZZ.timeoutMs);

  it('answers every request among generated JSON-RPC envelopes exactly once and stays up', async () => {
    await fuzzEnvelopes(target);
    await afterEnvelopes(target);
    expectHealthy(target, rssAtStart);
  }, FUZZ.timeoutMs);
}
