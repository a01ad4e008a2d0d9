import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { readToolMeta } from '../../src/mcp/tool-meta.js';
import { ToolCallReplies } from '../../src/mcp/tool-call-replies.js';
import { utilityTools } from '../../src/mcp/tools/utility/index.js';
import { zoneFormatters } from '../../src/mcp/tools/utility/get-time.js';
import { parseDiceNotation } from '../../src/mcp/tools/utility/roll-dice.js';
import { connectInProcess, type InProcessConnection } from '../../src/mcp/transports/in-process.js';
import { SeededRng } from '../../src/core/rng.js';
import { FIXED_EPOCH_MS, firstText, utilityContext, utilityServer } from './helpers.js';

let connection: InProcessConnection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

async function connect(ctx = utilityContext()): Promise<Client> {
  const server = utilityServer(ctx);
  // As the robot server connects them: ToolCallReplies refuses bad arguments with a code.
  connection = await connectInProcess({ connect: (t) => server.connect(new ToolCallReplies(t, utilityTools)), close: () => server.close() });
  return connection.client;
}

describe('utility tools through an in-process MCP client', () => {
  it('lists schemas, annotations and our _meta', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['calculator', 'get_time', 'roll_dice']);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema.additionalProperties).toBe(false);
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
      expect(readToolMeta(tool)).toEqual({ category: 'utility', needsConfirmation: false, timeoutSeconds: 5 });
    }
    const calculator = tools[0]!;
    expect(calculator.title).toBe('Calculator');
    expect(calculator.inputSchema.required).toEqual(['expression']);
    expect(calculator.inputSchema.properties).toMatchObject({ expression: { type: 'string', maxLength: 500 } });
    expect(calculator.annotations?.idempotentHint).toBe(true);
    const getTime = tools[1]!;
    expect(getTime.inputSchema.required ?? []).toEqual([]);
    expect(getTime.inputSchema.properties).toMatchObject({
      format: { enum: ['full', 'date', 'time', 'iso'], default: 'full' },
      timezone: { type: 'string', default: 'UTC' },
    });
    expect((tools[2]!.outputSchema as { anyOf?: Array<{ required?: string[] }> } | undefined)?.anyOf?.[0]?.required).toEqual(
      expect.arrayContaining(['rolls', 'kept', 'modifier', 'total']),
    );
  });

  it('calculator returns structured content and a summary', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'calculator', arguments: { expression: '2^3^2 - -2^2' } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ expression: '2^3^2 - -2^2', result: 516, display: '516' });
    expect(firstText(result)).toBe('2^3^2 - -2^2 = 516');
    expect(JSON.parse((result.content as { text: string }[])[1]!.text)).toEqual(result.structuredContent);
  });

  it('calculator rejects injection attempts with an isError result saying what is allowed', async () => {
    const client = await connect();
    for (const expression of ['process.exit()', "constructor.constructor('return this')()", '1;2', '__proto__', '[].map']) {
      const result = await client.callTool({ name: 'calculator', arguments: { expression } });
      expect(result.isError, expression).toBe(true);
      expect(firstText(result)).toMatch(/^cannot evaluate expression: .* at position \d+/);
    }
    const divided = await client.callTool({ name: 'calculator', arguments: { expression: '1/0' } });
    expect(firstText(divided)).toBe('cannot evaluate expression: division by zero at position 2');
  });

  it('invalid arguments come back as isError results naming the field and what is expected', async () => {
    const client = await connect();
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['calculator', { expression: 5 }, /^invalid arguments for calculator: expression: Invalid input: expected string, received number$/],
      ['calculator', {}, /^invalid arguments for calculator: expression: required$/],
      ['calculator', { expr: '1+1' }, /^invalid arguments for calculator: unexpected argument "expr"; it takes expression$/],
      ['calculator', { expression: '1+'.repeat(300) }, /expression: Too big: expected string to have <=500 characters$/],
      ['get_time', { format: 'long' }, /format: Invalid option: expected one of "full"\|"date"\|"time"\|"iso"$/],
      ['roll_dice', { notation: '' }, /notation: Too small: expected string to have >=1 characters$/],
    ];
    for (const [name, args, message] of cases) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(firstText(result)).toMatch(message);
      expect((result.structuredContent as { error: { code: string } }).error.code).toBe('invalid_argument');
    }
  });

  it('get_time reads the injected clock, in the requested timezone and format', async () => {
    const client = await connect();
    const call = async (args: Record<string, unknown>) =>
      (await client.callTool({ name: 'get_time', arguments: args })).structuredContent as Record<string, unknown>;
    expect(await call({})).toEqual({
      timezone: 'UTC',
      format: 'full',
      time: 'Tuesday, November 14, 2023, 22:13:20 (UTC, UTC+00:00)',
      iso: '2023-11-14T22:13:20.123Z',
      utcOffset: '+00:00',
      epochMs: FIXED_EPOCH_MS,
    });
    expect(await call({ timezone: 'Asia/Kolkata', format: 'iso' })).toMatchObject({
      time: '2023-11-15T03:43:20.123+05:30',
      utcOffset: '+05:30',
    });
    expect(await call({ timezone: 'America/New_York', format: 'date' })).toMatchObject({ time: '2023-11-14' });
    expect(await call({ timezone: 'America/New_York', format: 'time' })).toMatchObject({ time: '17:13:20', utcOffset: '-05:00' });
    // Identical calls give identical results: nothing but the injected clock is read.
    expect(await call({ timezone: 'Europe/Paris' })).toEqual(await call({ timezone: 'Europe/Paris' }));
  });

  it('get_time follows daylight saving time through the injected clock', async () => {
    const client = await connect(utilityContext({ wallClock: () => Date.UTC(2024, 6, 1, 12, 0, 0) }));
    const result = await client.callTool({ name: 'get_time', arguments: { timezone: 'Europe/London', format: 'full' } });
    expect(result.structuredContent).toMatchObject({
      time: 'Monday, July 1, 2024, 13:00:00 (Europe/London, UTC+01:00)',
      utcOffset: '+01:00',
    });
  });

  it('get_time keeps its formatter cache bounded: one entry per zone, however it is spelt, and a cap', async () => {
    const client = await connect();
    const time = async (timezone: string) => (await client.callTool({ name: 'get_time', arguments: { timezone, format: 'iso' } })).structuredContent;
    const london = await time('Europe/London');
    // Letter-case spellings of one zone (2^12 of them for "europe/london") are one cache entry.
    const before = zoneFormatters.size;
    for (let mask = 0; mask < 200; mask++) {
      const spelt = [...'europe/london'].map((c, i) => ((mask >> i) & 1 ? c.toUpperCase() : c)).join('');
      expect(await time(spelt)).toEqual(london);
    }
    expect(zoneFormatters.size).toBe(before);
    // Every zone Intl knows (over 400) still leaves the cache at its cap.
    for (const zone of Intl.supportedValuesOf('timeZone')) await time(zone);
    expect(zoneFormatters.size).toBe(zoneFormatters.capacity);
    expect(zoneFormatters.capacity).toBeLessThanOrEqual(64);
    // Evicted zones still answer the same.
    expect(await time('EUROPE/LONDON')).toEqual(london);
  });

  it('get_time rejects an unknown timezone and lists examples', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'get_time', arguments: { timezone: 'Mars/Olympus_Mons' } });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe(
      'unknown timezone "Mars/Olympus_Mons": use an IANA timezone name such as "UTC", "Europe/London", "Europe/Berlin", "America/New_York", "Asia/Tokyo"',
    );
  });

  it('roll_dice with a seeded rng is reproducible and adds up', async () => {
    const roll = async (seed: number, notation: string) => {
      const client = await connect(utilityContext({ rng: new SeededRng(seed) }));
      const result = await client.callTool({ name: 'roll_dice', arguments: { notation } });
      await connection!.close();
      connection = undefined;
      return result.structuredContent as { rolls: number[]; kept: number[]; modifier: number; total: number };
    };
    const first = await roll(7, '4d6kh3+2');
    expect(await roll(7, '4d6kh3+2')).toEqual(first);
    expect(first.rolls).toHaveLength(4);
    expect(first.kept).toHaveLength(3);
    expect(first.modifier).toBe(2);
    expect(first.total).toBe(first.kept.reduce((a, b) => a + b, 0) + 2);
    const dropped = [...first.rolls].sort((a, b) => a - b)[0]!;
    expect([...first.kept].sort((a, b) => a - b)).toEqual([...first.rolls].sort((a, b) => a - b).slice(1));
    expect(Math.min(...first.kept)).toBeGreaterThanOrEqual(dropped);

    const lowest = await roll(3, '2d20kl1-1');
    expect(lowest.kept).toEqual([Math.min(...lowest.rolls)]);
    expect(lowest.total).toBe(Math.min(...lowest.rolls) - 1);

    const many = await roll(11, '100d1000');
    expect(many.rolls).toHaveLength(100);
    for (const value of many.rolls) expect(value >= 1 && value <= 1000 && Number.isInteger(value)).toBe(true);
    expect(new Set(many.rolls).size).toBeGreaterThan(50);
  });

  it('roll_dice rejects notation outside the limits and says what is allowed', async () => {
    const client = await connect();
    const cases: [string, RegExp][] = [
      ['101d6', /number of dice must be 1-100/],
      ['0d6', /number of dice must be 1-100/],
      ['1d1', /sides must be 2-1000/],
      ['1d1001', /sides must be 2-1000/],
      ['3d6kh4', /cannot keep 4 of 3 dice: keep must be 1-3/],
      ['2d6+', /invalid dice notation "2d6\+": expected NdS, NdS\+M, NdS-M, NdSkhK .* e\.g\. "2d6"/],
      ['2x6', /invalid dice notation/],
      ['1d20+100000', /modifier \+100000 is too large/],
    ];
    for (const [notation, message] of cases) {
      const result = await client.callTool({ name: 'roll_dice', arguments: { notation } });
      expect(result.isError, notation).toBe(true);
      expect(firstText(result)).toMatch(message);
    }
  });

  it('parses dice notation variants', () => {
    expect(parseDiceNotation('d20')).toEqual({ count: 1, sides: 20, keep: null, modifier: 0 });
    expect(parseDiceNotation(' 4D6 KH3 + 1 ')).toEqual({ count: 4, sides: 6, keep: { mode: 'highest', count: 3 }, modifier: 1 });
    expect(parseDiceNotation('2d8-0')).toEqual({ count: 2, sides: 8, keep: null, modifier: 0 });
  });
});
