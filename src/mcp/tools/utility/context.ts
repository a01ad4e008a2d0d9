import type { Rng } from '../../../core/rng.js';

/** What the utility tools need from the world: an injected wall clock and random source, so a
 *  recorded mission replays byte-identically. The robot tools' context extends this. */
export interface UtilityContext {
  /** Current wall time, epoch milliseconds. */
  wallClock: () => number;
  rng: Rng;
}
