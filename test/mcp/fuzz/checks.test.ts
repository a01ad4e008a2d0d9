/** The fuzz suite's own judges, on known inputs: they must see what they are meant to catch. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { isRequest } from './envelopes.js';
import { invalidArguments, validObject, type JsonSchema } from './schema-arbitrary.js';
import { leaksInternals, messagesIn } from './targets.js';

describe('fuzz checks', () => {
  it('leaksInternals sees stack frames and paths, not ordinary messages', () => {
    expect(leaksInternals(new Error('boom').stack!)).toBe(true);
    expect(leaksInternals('failed at /work/main/dist/mcp/robot-server.js:12:3')).toBe(true);
    expect(leaksInternals('unknown zone "kitchen"; zones on this map: home, shelf, bin_a')).toBe(false);
  });

  it('isRequest tells requests (owed one answer) from notifications and responses', () => {
    expect(isRequest({ jsonrpc: '2.0', id: 3, method: 'ping' })).toBe(true);
    expect(isRequest({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBe(false);
    expect(isRequest({ jsonrpc: '2.0', id: 3, result: {} })).toBe(false);
    expect(isRequest({ jsonrpc: '1.0', id: 3, method: 'ping' })).toBe(false);
  });

  it('messagesIn reads JSON bodies, batches and SSE data lines', () => {
    expect(messagesIn('{"id":1}', 'application/json')).toEqual([{ id: 1 }]);
    expect(messagesIn('[{"id":1},{"id":2}]', 'application/json')).toHaveLength(2);
    expect(messagesIn('event: message\ndata: {"id":1}\n\n', 'text/event-stream')).toEqual([{ id: 1 }]);
  });

  it('schema arbitraries make values the schema accepts, and values it refuses', () => {
    const schema: JsonSchema = { type: 'object', properties: { x: { type: 'number', minimum: 0, maximum: 10 }, zone: { type: 'string', maxLength: 5 } }, required: ['x'] };
    const validate = new AjvJsonSchemaValidator().getValidator({ ...schema, additionalProperties: false });
    fc.assert(fc.property(validObject(schema), (v) => validate(v).valid), { seed: 1, numRuns: 200 });
    const refused = fc.sample(invalidArguments(schema), { seed: 1, numRuns: 200 }).filter((v) => !validate(v).valid);
    expect(refused.length).toBeGreaterThan(150);
  });
});
