/** The fuzz and fault suite over stdio: `robot-agent serve --stdio` as a real process. */
import { describe, expect, it } from 'vitest';
import { FUZZ } from './fuzz-run.js';
import { fuzzTransport } from './properties.js';
import { stdioTarget } from './targets.js';

describe('fuzz: serve --stdio', () => {
  fuzzTransport(stdioTarget, async (target) => {
    // A cut-off message and a line that is not JSON at all: the next request is still answered.
    target.writeRaw('{"jsonrpc":"2.0","id":\n');
    target.writeRaw('not json at all\n');
    expect(await target.send({ jsonrpc: '2.0', id: 'after-garbage', method: 'ping' })).toHaveLength(1);
  });

  it('a line over the read limit is answered or ends the process with a reason, never a silent hang', async () => {
    const overflow = await stdioTarget();
    try {
      overflow.writeRaw(`{"jsonrpc":"2.0","id":"huge","method":"ping","params":{"pad":"${'x'.repeat(11 * 1024 * 1024)}"}}\n`);
      const answered = await overflow.send({ jsonrpc: '2.0', id: 'after-huge', method: 'ping' }, 10_000);
      if (overflow.alive()) expect(answered, `alive but silent; stderr: ${overflow.stderr()}`).toHaveLength(1);
      else expect(overflow.stderr(), 'exited without saying why').toMatch(/robot-agent: .*(line|message|limit|large)/i);
      expect(overflow.stderr()).not.toMatch(/\n\s+at \S+/);
    } finally {
      await overflow.stop();
    }
  }, FUZZ.timeoutMs);
});
