import type { Rng } from '../../core/rng.js';

/**
 * A camera's noise source that can show its next draw without taking it. A frame's sensor noise
 * is a pure function of one draw (quantizeWithNoise), so a scan's next frame can be finished —
 * noise and all — while the detector works on the current one, and the capture that follows
 * takes the same draw it would have taken anyway: the frames, and every draw after them, stay
 * as they were. Only the camera reads its stream (a fork of its own), so drawing ahead moves no
 * one else's numbers.
 */
export class NoiseStream {
  private ahead: number | null = null;

  constructor(private readonly rng: Pick<Rng, 'next'>) {}

  /** The value the next `next()` returns. */
  peek(): number {
    return (this.ahead ??= this.rng.next());
  }

  next(): number {
    const v = this.ahead ?? this.rng.next();
    this.ahead = null;
    return v;
  }
}
