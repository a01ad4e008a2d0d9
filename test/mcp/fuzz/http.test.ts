/** The fuzz suite over Streamable HTTP: `robot-agent serve --http` as a real process, one session. */
import { describe } from 'vitest';
import { fuzzTransport } from './properties.js';
import { httpTarget } from './targets.js';

describe('fuzz: serve --http', () => {
  fuzzTransport(() => httpTarget());
});
