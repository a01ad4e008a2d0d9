/**
 * A JSON value on one line the way people write small objects in a config file:
 * `{ "command": "npx", "args": ["-y", "server"] }`.
 */
export function oneLineJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLineJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${oneLineJson(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value) ?? 'null';
}
