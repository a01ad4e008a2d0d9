import fc from 'fast-check';

/** Methods the server knows, and a few it does not. */
const METHODS = [
  'ping', 'tools/list', 'tools/call', 'resources/list', 'resources/read', 'resources/templates/list', 'resources/subscribe',
  'resources/unsubscribe', 'prompts/list', 'prompts/get', 'completion/complete', 'logging/setLevel', 'initialize',
  'notifications/cancelled', 'notifications/progress', 'notifications/initialized', 'tasks/get', 'no/such/method',
];

const anyId = fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.constant(null), fc.double(), fc.boolean(), fc.object({ maxDepth: 1 }));
const meta = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.record({ progressToken: fc.jsonValue({ maxDepth: 1 }) }));
const params = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ _meta: meta }, { requiredKeys: [] }),
  fc.record({ name: fc.string({ maxLength: 30 }), arguments: fc.jsonValue({ maxDepth: 2 }), _meta: meta }, { requiredKeys: ['name'] }),
  fc.record({ uri: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('robot://state', 'robot://parameters/flux', 'robot://nope')) }),
);

/** A JSON-RPC-shaped value: mostly near-valid messages with one thing wrong, some arbitrary JSON. */
export const envelope: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ jsonrpc: fc.constant('2.0'), id: fc.oneof(fc.integer({ min: 0 }), fc.string({ minLength: 1, maxLength: 10 })), method: fc.constantFrom(...METHODS), params }, { requiredKeys: ['jsonrpc', 'id', 'method'] }) },
  { weight: 2, arbitrary: fc.record({ jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('1.0'), fc.jsonValue({ maxDepth: 0 })), id: anyId, method: fc.oneof(fc.constantFrom(...METHODS), fc.jsonValue({ maxDepth: 0 })), params }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.record({ jsonrpc: fc.constant('2.0'), id: anyId, result: fc.jsonValue({ maxDepth: 1 }), error: fc.jsonValue({ maxDepth: 1 }) }, { requiredKeys: ['jsonrpc'] }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Whether a message is a request: the server owes it exactly one answer with its id. */
export function isRequest(value: unknown): value is { id: string | number; method: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const m = value as Record<string, unknown>;
  return m.jsonrpc === '2.0' && typeof m.method === 'string' && !('result' in m) && !('error' in m) && (typeof m.id === 'string' || (typeof m.id === 'number' && Number.isInteger(m.id)));
}
