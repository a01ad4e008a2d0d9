import { describe, expect, it } from 'vitest';
import { embeddedOutputValidator } from '../../src/mcp/embedded-output-validator.js';
import { connectInProcess } from '../../src/mcp/transports/in-process.js';
import { utilityServer } from './helpers.js';

describe('the embedded client checks results with the cfworker validator', () => {
  it('passes results that fit their published output schema and names what does not fit', async () => {
    const connection = await connectInProcess(utilityServer(), { name: 'test', version: '0' }, { jsonSchemaValidator: embeddedOutputValidator() });
    try {
      const { tools } = await connection.client.listTools();
      const dice = tools.find((t) => t.name === 'roll_dice');
      expect(dice?.outputSchema).toBeDefined();
      const result = await connection.client.callTool({ name: 'roll_dice', arguments: { notation: '2d6' } });
      expect(result.isError).toBeFalsy();
      const check = embeddedOutputValidator().getValidator(dice!.outputSchema!);
      expect(check(result.structuredContent)).toMatchObject({ valid: true });
      // An extra field (the schemas are closed) and a failure code outside FAILURE_CODES are refused, each named.
      const extra = check({ ...(result.structuredContent as Record<string, unknown>), surprise: 1 });
      expect(extra.valid).toBe(false);
      expect(extra.errorMessage).toMatch(/surprise/);
      const badCode = check({ error: { code: 'no_such_code', message: 'x' } });
      expect(badCode.valid).toBe(false);
      expect(badCode.errorMessage).toMatch(/#\/error\/code/);
    } finally {
      await connection.close();
    }
  });
});
