import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArgumentCheck } from '../../src/agent/argument-check.js';
import { embeddedOutputValidator } from '../../src/mcp/embedded-output-validator.js';
import { createRobotMcpServer } from '../../src/mcp/robot-server.js';
import { connectInProcess, type InProcessConnection } from '../../src/mcp/transports/in-process.js';
import { createSimulatedRobot } from '../../src/runtime/simulated-robot.js';

let connection: InProcessConnection;
let tools: Tool[];
beforeAll(async () => {
  const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1 });
  const server = createRobotMcpServer({ robot: sr.robot, wallClock: () => 0, rng: sr.toolRng, version: '0.0.0-test' });
  connection = await connectInProcess(server, { name: 'test', version: '0' }, { jsonSchemaValidator: embeddedOutputValidator() });
  tools = (await connection.client.listTools()).tools;
});
afterAll(() => connection.close());

type Property = { enum?: unknown[]; minimum?: number; maximum?: number };

/** Argument objects for a tool: its own names with values of its enums and ranges or of any kind,
 *  now and then a name it does not take. */
function argumentsFor(tool: Tool): fc.Arbitrary<Record<string, unknown>> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Property>;
  const anyValue = fc.oneof(fc.integer({ min: -5, max: 50 }), fc.double({ min: -10, max: 10, noNaN: true }), fc.string({ maxLength: 8 }), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }));
  const valueFor = (p: Property) =>
    fc.oneof(
      ...(p.enum ? [fc.constantFrom(...p.enum)] : []),
      ...(p.minimum !== undefined || p.maximum !== undefined ? [fc.double({ min: p.minimum ?? -100, max: p.maximum ?? 100, noNaN: true })] : []),
      anyValue,
    );
  const shape = Object.fromEntries(Object.entries(properties).map(([name, p]) => [name, valueFor(p)]));
  return fc.tuple(fc.record(shape, { requiredKeys: [] }), fc.option(fc.constantFrom('speed', 'x', 'colour'), { nil: undefined })).map(([args, extra]) => (extra && !(extra in args) ? { ...args, [extra]: 1 } : args));
}

describe('the agent checks arguments before a call is sent', () => {
  it('refuses exactly the arguments Ajv (whose wording the refusal uses) finds invalid', () => {
    const ajv = new AjvJsonSchemaValidator();
    const check = new ArgumentCheck();
    let refused = 0;
    let passed = 0;
    for (const tool of tools) {
      const valid = ajv.getValidator(tool.inputSchema as JsonSchemaType);
      fc.assert(
        fc.property(argumentsFor(tool), (args) => {
          const verdict = valid(args);
          const refusal = check.refusal(tool, args);
          if (verdict.valid) passed++;
          else refused++;
          expect(refusal === undefined).toBe(verdict.valid);
        }),
        { numRuns: 60, seed: 7 },
      );
    }
    // Both sides were tried, for the robot's ~30 tools.
    expect(tools.length).toBeGreaterThan(20);
    expect(passed).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  });
});
