import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { OutputFormat } from '../../src/cli/output-format.js';
import { createRunOutput } from '../../src/cli/run-output.js';
import type { SessionAction } from '../../src/runtime/mission-session.js';

const setup = { instruction: 'go to bin a', scenario: 'warehouse', seed: 1 };

function outputIn(format: OutputFormat) {
  let stdout = '';
  let stderr = '';
  const out = new PassThrough();
  const err = new PassThrough();
  out.on('data', (d) => (stdout += String(d)));
  err.on('data', (d) => (stderr += String(d)));
  const output = createRunOutput({ stdout: out, stderr: err, env: { TERM: 'dumb' } }, format, setup);
  return { output, stdout: () => stdout, stderr: () => stderr };
}

describe("run's output: lines for the person", () => {
  const lost: SessionAction = { type: 'note', level: 'warning', text: 'MCP server "x" disconnected', source: 'mcp' };
  const connected: SessionAction = { type: 'note', level: 'info', text: 'MCP server "x" connected: 3 tools', source: 'mcp' };

  it.each(['text', 'json', 'stream-json'] as const)('%s: warnings and server news go to stderr, even from a detached method', (format) => {
    const o = outputIn(format);
    const { show, tellPerson } = o.output; // passed around as plain functions, as callbacks are
    show(lost);
    show(connected);
    tellPerson('MCP server "y" is still connecting');
    expect(o.stderr()).toBe('robot-agent: MCP server "x" disconnected\nrobot-agent: MCP server "x" connected: 3 tools\nrobot-agent: MCP server "y" is still connecting\n');
    o.output.close();
  });
});
