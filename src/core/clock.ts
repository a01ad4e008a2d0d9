/**
 * Time as the simulator and the robot see it. Nothing below the agent reads the wall clock:
 * a `Clock` is injected, and on the simulator it is virtual, advanced by the physics engine.
 */
export interface Clock {
  /** Seconds since the start of the world. */
  now(): number;
}

/** A clock that only moves when told to — the simulator's. */
export class VirtualClock implements Clock {
  private seconds = 0;

  constructor(start = 0) {
    this.seconds = start;
  }

  now(): number {
    return this.seconds;
  }

  advance(dt: number): void {
    if (!(dt >= 0)) throw new RangeError(`clock cannot go backwards (dt=${dt})`);
    // Round to microseconds so repeated float additions give byte-identical timestamps.
    this.seconds = Math.round((this.seconds + dt) * 1e6) / 1e6;
  }
}
