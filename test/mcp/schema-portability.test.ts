import { describe, expect, it } from 'vitest';
import { createRobotMcpServer } from '../../src/mcp/robot-server.js';
import { connectInProcess } from '../../src/mcp/transports/in-process.js';
import { createSimulatedRobot } from '../../src/runtime/simulated-robot.js';

/**
 * The portability rules the MCP Inspector's schema check applies to tool schemas, as clients that
 * render forms or feed schemas to single-type dialects read them: every schema names ONE `type`
 * (a form dispatches on one string; `["number","string"]` is written as `anyOf`), and no object
 * is left free-form (`additionalProperties: {}` / `true`, or a property with an empty schema,
 * says nothing a client can render or check).
 */
function portabilityProblems(schema: unknown, path: string): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  if (Array.isArray(schema)) return schema.flatMap((s, i) => portabilityProblems(s, `${path}[${i}]`));
  const s = schema as Record<string, unknown>;
  const problems: string[] = [];
  if (Array.isArray(s.type)) problems.push(`${path}: type array ${JSON.stringify(s.type)} (use anyOf)`);
  const extra = s.additionalProperties;
  if (extra === true || isEmptySchema(extra)) problems.push(`${path}: free-form additionalProperties ${JSON.stringify(extra)}`);
  for (const [name, sub] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
    if (isEmptySchema(sub)) problems.push(`${path}.properties.${name}: empty schema (any value)`);
  }
  for (const [key, value] of Object.entries(s)) {
    if (key === 'type' || key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
    problems.push(...portabilityProblems(value, `${path}.${key}`));
  }
  return problems;
}

function isEmptySchema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).filter((k) => k !== 'description').length === 0;
}

describe('tool schemas are portable (the Inspector reports no warnings)', () => {
  it('the checker finds the constructs it looks for', () => {
    expect(portabilityProblems({ type: 'object', properties: { v: { type: ['number', 'string'] }, r: {} }, additionalProperties: {} }, 't')).toHaveLength(3);
    expect(portabilityProblems({ type: 'object', properties: { v: { anyOf: [{ type: 'number' }, { type: 'null' }] } }, additionalProperties: false }, 't')).toEqual([]);
  });

  it('every tool input and output schema, robot and utility', async () => {
    const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1 });
    const server = createRobotMcpServer({ robot: sr.robot, wallClock: () => 0, rng: sr.toolRng, version: '0.0.0-test' });
    const conn = await connectInProcess(server);
    try {
      const { tools } = await conn.client.listTools();
      expect(tools.length).toBeGreaterThan(20);
      const problems = tools.flatMap((t) => [
        ...portabilityProblems(t.inputSchema, `${t.name}.inputSchema`),
        ...portabilityProblems(t.outputSchema, `${t.name}.outputSchema`),
      ]);
      expect(problems).toEqual([]);
    } finally {
      await conn.close();
    }
  });
});
