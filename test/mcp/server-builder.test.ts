import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerTools } from '../../src/mcp/server-builder.js';
import { ToolCallReplies } from '../../src/mcp/tool-call-replies.js';
import { defineTool, toolFailure, type AnyToolDeclaration } from '../../src/mcp/tool-declaration.js';
import { connectInProcess, type InProcessConnection } from '../../src/mcp/transports/in-process.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { firstText } from './helpers.js';

/** Test-only context: lets a test see what the handlers saw. */
interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}
interface ProbeContext {
  started: Deferred<void>;
  aborted: Deferred<unknown>;
}

/** Promise.withResolvers is Node 22+; we support Node 20. */
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const tool = defineTool<ProbeContext>();
const hints = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false };
const common = { annotations: hints, category: 'motion' as const, needsConfirmation: true, timeoutSeconds: 60 };

const countTo = tool({
  ...common,
  name: 'count_to',
  title: 'Count to N',
  description: 'Reports progress 1..n, then returns n.',
  input: { n: z.number().int().min(1).max(10) },
  output: z.object({ counted: z.number().int() }),
  async handler(_ctx, { n }, extra) {
    for (let i = 1; i <= n; i++) await extra.reportProgress(i, n, `step ${i}`);
    await extra.reportProgress(1, n, 'going backwards is dropped');
    return { output: { counted: n } };
  },
});

const waitForCancel = tool({
  ...common,
  name: 'wait_for_cancel',
  title: 'Wait for cancellation',
  description: 'Blocks until the request is cancelled.',
  input: {},
  output: z.object({ done: z.boolean() }),
  async handler(ctx, _args, extra) {
    ctx.started.resolve();
    await new Promise<void>((resolve) => extra.signal.addEventListener('abort', () => resolve(), { once: true }));
    ctx.aborted.resolve(extra.signal.reason);
    return toolFailure('cancelled', 'cancelled');
  },
});

const explode = tool({
  ...common,
  name: 'explode',
  title: 'Throws',
  description: 'A handler with a bug.',
  input: {},
  output: z.object({}),
  async handler() {
    throw new TypeError("Cannot read properties of undefined (reading 'pose')");
  },
});

const refuse = tool({
  ...common,
  name: 'refuse',
  title: 'Refuses',
  description: 'Returns a tool error.',
  input: { zone: z.string() },
  output: z.object({}),
  async handler(_ctx, { zone }) {
    return toolFailure('unknown_zone', `unknown zone "${zone}"; known zones: dock, shelf`, { zones: ['dock', 'shelf'] });
  },
});

const snapshot = tool({
  ...common,
  name: 'snapshot',
  title: 'Image',
  description: 'Returns an image with its structured output.',
  input: {},
  output: z.object({ width: z.number(), height: z.number() }),
  async handler() {
    return { output: { width: 1, height: 1 }, summary: '1x1 frame', image: { data: 'iVBORw0KGgo=', mimeType: 'image/png' } };
  },
});

const badOutput = tool({
  ...common,
  name: 'bad_output',
  title: 'Bad output',
  description: 'Returns output that does not match its schema.',
  input: {},
  output: z.object({ speed: z.number() }),
  async handler() {
    return { output: { speed: 'fast' as unknown as number } };
  },
});

const declarations: AnyToolDeclaration<ProbeContext>[] = [countTo, waitForCancel, explode, refuse, snapshot, badOutput];

let connection: InProcessConnection | undefined;
let ctx: ProbeContext;
let internalErrors: [string, unknown][];

async function connect() {
  ctx = { started: deferred(), aborted: deferred() };
  internalErrors = [];
  const server = new McpServer({ name: 'probe', version: '0.0.0' });
  registerTools(server, declarations, ctx, { onInternalError: (name, error) => internalErrors.push([name, error]) });
  // As the robot server connects: ToolCallReplies answers unknown tools and bad arguments.
  connection = await connectInProcess({ connect: (t) => server.connect(new ToolCallReplies(t, declarations)), close: () => server.close() });
  return connection.client;
}

afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

describe('registerTools', () => {
  it('publishes category, confirmation and timeout in _meta, and the annotations', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const count = tools.find((t) => t.name === 'count_to')!;
    expect(count._meta).toEqual({
      'robot-agent/category': 'motion',
      'robot-agent/needsConfirmation': true,
      'robot-agent/timeoutSeconds': 60,
    });
    expect(count.annotations).toEqual({ title: 'Count to N', ...hints });
    expect(count.inputSchema.properties).toMatchObject({ n: { type: 'integer', minimum: 1, maximum: 10 } });
  });

  it('sends progress notifications to a client that asked for them', async () => {
    const client = await connect();
    const seen: Progress[] = [];
    const result = await client.callTool({ name: 'count_to', arguments: { n: 3 } }, undefined, {
      onprogress: (progress) => seen.push(progress),
    });
    expect(result.structuredContent).toEqual({ counted: 3 });
    expect(seen).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
  });

  it('reports nothing when the client did not ask for progress', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'count_to', arguments: { n: 2 } });
    expect(result.structuredContent).toEqual({ counted: 2 });
  });

  it('bad arguments are invalid_argument results naming the field, without the SDK\'s prefix', async () => {
    const client = await connect();
    const tooBig = await client.callTool({ name: 'count_to', arguments: { n: 11 } });
    expect(tooBig.isError).toBe(true);
    expect(firstText(tooBig)).toBe('invalid arguments for count_to: n: Too big: expected number to be <=10');
    expect(tooBig.structuredContent).toEqual({ error: { code: 'invalid_argument', message: firstText(tooBig), field: 'n' } });
    const wrongType = await client.callTool({ name: 'count_to', arguments: { n: 'three' } });
    expect(firstText(wrongType)).toBe('invalid arguments for count_to: n: Invalid input: expected number, received string');
    const missing = await client.callTool({ name: 'count_to', arguments: {} });
    expect(firstText(missing)).toBe('invalid arguments for count_to: n: required');
    const misspelt = await client.callTool({ name: 'count_to', arguments: { n: 1, m: 2 } });
    expect(firstText(misspelt)).toBe('invalid arguments for count_to: unexpected argument "m"; it takes n');
    expect((misspelt.structuredContent as { error: { field: string } }).error.field).toBe('m');
    for (const r of [tooBig, wrongType, missing, misspelt]) expect(firstText(r)).not.toMatch(/MCP error/);
  });

  it('aborts the handler signal when the client cancels the request', async () => {
    const client = await connect();
    const controller = new AbortController();
    const call = client.callTool({ name: 'wait_for_cancel', arguments: {} }, undefined, { signal: controller.signal });
    await ctx.started.promise;
    controller.abort('operator pressed stop');
    await expect(call).rejects.toThrow(/operator pressed stop/);
    expect(await ctx.aborted.promise).toBe('operator pressed stop');
    // The connection is still usable.
    expect((await client.callTool({ name: 'count_to', arguments: { n: 1 } })).structuredContent).toEqual({ counted: 1 });
  });

  it('turns a thrown exception into an isError result and reports it', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'explode', arguments: {} });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe("internal error in tool explode: Cannot read properties of undefined (reading 'pose')");
    expect(result.structuredContent).toEqual({ error: { code: 'internal', message: firstText(result) } });
    expect(internalErrors.map(([name]) => name)).toEqual(['explode']);
  });

  it('turns a tool failure into an isError result with its message, and its code as data', async () => {
    const client = await connect();
    await client.listTools(); // the SDK Client validates results against the listed output schemas
    const result = await client.callTool({ name: 'refuse', arguments: { zone: 'moon' } });
    const message = 'unknown zone "moon"; known zones: dock, shelf';
    expect(result).toEqual({
      content: [{ type: 'text', text: message }],
      structuredContent: { error: { code: 'unknown_zone', message, zones: ['dock', 'shelf'] } },
      isError: true,
    });
  });

  it('publishes output schemas that accept a success or a coded failure, nothing else', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const schema = tools.find((t) => t.name === 'count_to')!.outputSchema!;
    expect(schema.type).toBe('object');
    expect(schema.anyOf).toEqual([{ required: ['counted'] }, { required: ['error'] }]);
    const validate = new AjvJsonSchemaValidator().getValidator(schema);
    expect(validate({ counted: 3 }).valid).toBe(true);
    expect(validate({ error: { code: 'timeout', message: 'too slow', operation_id: 'op-1' } }).valid).toBe(true);
    expect(validate({}).valid).toBe(false);
    expect(validate({ error: { code: 'not_a_code', message: 'x' } }).valid).toBe(false);
    expect(validate({ counted: 'three' }).valid).toBe(false);
  });

  it('returns image content after the summary and the JSON', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'snapshot', arguments: {} });
    expect(result.content).toEqual([
      { type: 'text', text: '1x1 frame' },
      { type: 'text', text: '{"width":1,"height":1}' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
    ]);
    expect(result.structuredContent).toEqual({ width: 1, height: 1 });
  });

  it('output that breaks its schema is an isError result (SDK output validation)', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'bad_output', arguments: {} });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toMatch(/Output validation error: .*bad_output.*expected number, received string at speed/);
  });

  it('an unknown tool is an unknown_tool result listing the valid names, without the SDK\'s prefix', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'teleport', arguments: {} });
    expect(result.isError).toBe(true);
    const tools = declarations.map((d) => d.name);
    expect(firstText(result)).toBe(`unknown tool "teleport"; tools/list names the ${tools.length} there are: ${tools.join(', ')}`);
    expect(result.structuredContent).toEqual({ error: { code: 'unknown_tool', message: firstText(result), tools } });
    const long = await client.callTool({ name: 'x'.repeat(5000), arguments: {} });
    expect(firstText(long).length).toBeLessThan(400); // a megabyte name is not echoed back
  });

  it('refuses bad and duplicate tool names at registration', () => {
    const server = new McpServer({ name: 'probe', version: '0.0.0' });
    expect(() => registerTools(server, [{ ...refuse, name: 'has space' }], ctx)).toThrow(/invalid tool name "has space"/);
    expect(() => registerTools(server, [refuse, refuse], ctx)).toThrow(/tool "refuse" is declared twice/);
  });
});
