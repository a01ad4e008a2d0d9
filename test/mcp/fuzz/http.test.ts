/** The fuzz suite over Streamable HTTP: `robot-agent serve --http` as a real process, one session. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { FUZZ } from './fuzz-run.js';
import { expectHealthy, fuzzEnvelopes, fuzzToolArguments, listTools } from './properties.js';
import { httpTarget, type HttpTarget } from './targets.js';

let target: HttpTarget;
let rssAtStart = 0;
beforeAll(async () => {
  target = await httpTarget();
  rssAtStart = target.rss();
}, 30_000);
afterAll(async () => {
  await target?.stop();
});

describe('fuzz: serve --http', () => {
  it('answers every tool call once, refuses arguments the schema refuses, leaks nothing', async () => {
    await fuzzToolArguments(target, await listTools(target));
    expectHealthy(target, rssAtStart);
  }, FUZZ.timeoutMs);

  it('answers every request among generated JSON-RPC envelopes exactly once and stays up', async () => {
    await fuzzEnvelopes(target);
    expectHealthy(target, rssAtStart);
  }, FUZZ.timeoutMs);
});
