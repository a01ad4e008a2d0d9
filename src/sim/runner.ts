import type { VirtualClock } from '../core/clock.js';
import type { SimEngine } from './engine.js';

/**
 * How simulated time passes. The engine only knows fixed steps; a runner decides when they
 * happen. Callers wait with `sleep(seconds)` of robot time; both runners wake sleepers in order
 * of wake time (ties in call order), each exactly when the clock reaches its wake time.
 */
export interface SimRunner {
  readonly clock: VirtualClock;
  sleep(seconds: number): Promise<void>;
}

/** Lets promise continuations and I/O run; the default is a macrotask turn (setImmediate). */
export type YieldToEventLoop = () => Promise<void>;

const defaultYield: YieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

/** Times within this of each other are equal: the clock is rounded to microseconds. */
const TIME_EPSILON = 1e-7;

interface Sleeper {
  wake: number;
  order: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Sleepers sorted by wake time, then by arrival. */
class SleeperQueue {
  private readonly items: Sleeper[] = [];
  private arrivals = 0;

  get length(): number {
    return this.items.length;
  }

  first(): Sleeper | undefined {
    return this.items[0];
  }

  add(wake: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const sleeper: Sleeper = { wake, order: this.arrivals++, resolve, reject };
      let i = this.items.length;
      while (i > 0 && this.items[i - 1]!.wake > wake + TIME_EPSILON) i--;
      this.items.splice(i, 0, sleeper);
    });
  }

  /** Removes and returns the first sleeper if it is due at `now`. */
  takeDue(now: number): Sleeper | undefined {
    const first = this.items[0];
    if (!first || first.wake > now + TIME_EPSILON) return undefined;
    this.items.shift();
    return first;
  }

  rejectAll(error: unknown): void {
    for (const s of this.items.splice(0)) s.reject(error);
  }
}

function checkDuration(seconds: number): void {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`sleep needs a finite, non-negative number of seconds (got ${seconds})`);
}

export interface VirtualRunnerOptions {
  yieldToEventLoop?: YieldToEventLoop;
  /** Steps run back to back before letting the event loop breathe during a long sleep. */
  maxStepsPerSlice?: number;
}

/**
 * Virtual time, as fast as the CPU allows. Several callers may sleep at once: the engine is
 * stepped only up to the earliest wake time, that sleeper is resolved, and the event loop gets
 * one turn so its continuation can queue its next sleep before time moves on. The clock is
 * therefore advanced once for all concurrent sleepers, never once per sleeper.
 */
export class VirtualRunner implements SimRunner {
  private readonly queue = new SleeperQueue();
  private readonly yieldToEventLoop: YieldToEventLoop;
  private readonly maxStepsPerSlice: number;
  private running = false;

  constructor(
    readonly engine: SimEngine,
    options: VirtualRunnerOptions = {},
  ) {
    this.yieldToEventLoop = options.yieldToEventLoop ?? defaultYield;
    this.maxStepsPerSlice = options.maxStepsPerSlice ?? 5000;
  }

  get clock(): VirtualClock {
    return this.engine.clock;
  }

  sleep(seconds: number): Promise<void> {
    checkDuration(seconds);
    const done = this.queue.add(this.clock.now() + seconds);
    if (!this.running) {
      this.running = true;
      void this.run();
    }
    return done;
  }

  private async run(): Promise<void> {
    try {
      // First let everyone who is about to sleep in this same turn get in the queue.
      await this.yieldToEventLoop();
      while (this.queue.length > 0) {
        const wake = this.queue.first()!.wake;
        for (let n = 0; n < this.maxStepsPerSlice && this.clock.now() < wake - TIME_EPSILON; n++) this.engine.step();
        this.queue.takeDue(this.clock.now())?.resolve();
        await this.yieldToEventLoop();
      }
    } catch (error) {
      this.queue.rejectAll(error);
    } finally {
      this.running = false;
    }
  }
}

export interface RealtimeRunnerOptions {
  /** Milliseconds from an arbitrary origin; performance.now by default. */
  wallClock?: () => number;
  /** Waits this many wall milliseconds; setTimeout by default. */
  delay?: (ms: number) => Promise<void>;
  yieldToEventLoop?: YieldToEventLoop;
  /** Simulated seconds per wall second (1 = real time). */
  speed?: number;
  /** Wall milliseconds between pacing ticks. */
  tickMs?: number;
  /** If the machine falls further behind than this (simulated seconds), the lag is dropped
   *  instead of being caught up in a burst. */
  maxLagSeconds?: number;
}

/**
 * Wall-clock pacing for watching a run (--realtime): each tick steps the engine up to where the
 * wall clock says simulated time should be. The only place in the simulator that reads real
 * time, through the injected `wallClock` and `delay`.
 */
export class RealtimeRunner implements SimRunner {
  private readonly queue = new SleeperQueue();
  private readonly wallClock: () => number;
  private readonly delay: (ms: number) => Promise<void>;
  private readonly yieldToEventLoop: YieldToEventLoop;
  private readonly speed: number;
  private readonly tickMs: number;
  private readonly maxLag: number;
  private running = false;
  /** Bumped by every start, so a loop left over from before a stop() never runs again. */
  private generation = 0;
  private wallOrigin = 0;
  private simOrigin = 0;

  constructor(
    readonly engine: SimEngine,
    options: RealtimeRunnerOptions = {},
  ) {
    this.wallClock = options.wallClock ?? (() => performance.now());
    this.delay = options.delay ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.yieldToEventLoop = options.yieldToEventLoop ?? defaultYield;
    this.speed = options.speed ?? 1;
    this.tickMs = options.tickMs ?? 10;
    this.maxLag = options.maxLagSeconds ?? 0.25;
  }

  get clock(): VirtualClock {
    return this.engine.clock;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Starts pacing (sleep starts it too). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.wallOrigin = this.wallClock();
    this.simOrigin = this.clock.now();
    void this.run(++this.generation);
  }

  /** Stops pacing; pending sleeps are rejected, since their time will not come. */
  stop(): void {
    this.running = false;
    this.queue.rejectAll(new Error('the simulation was stopped'));
  }

  sleep(seconds: number): Promise<void> {
    checkDuration(seconds);
    const done = this.queue.add(this.clock.now() + seconds);
    this.start();
    return done;
  }

  private async run(generation: number): Promise<void> {
    const live = () => this.running && generation === this.generation;
    try {
      while (live()) {
        let due = this.simOrigin + ((this.wallClock() - this.wallOrigin) / 1000) * this.speed;
        if (due - this.clock.now() > this.maxLag) {
          // Too far behind to catch up smoothly: forget the lag.
          this.simOrigin -= due - this.clock.now() - this.maxLag;
          due = this.clock.now() + this.maxLag;
        }
        while (live() && this.clock.now() + this.engine.dt <= due + TIME_EPSILON) {
          const wake = this.queue.first()?.wake ?? Infinity;
          while (this.clock.now() < wake - TIME_EPSILON && this.clock.now() + this.engine.dt <= due + TIME_EPSILON) this.engine.step();
          const sleeper = this.queue.takeDue(this.clock.now());
          if (!sleeper) break;
          sleeper.resolve();
          await this.yieldToEventLoop();
        }
        for (let s = this.queue.takeDue(this.clock.now()); s; s = this.queue.takeDue(this.clock.now())) {
          s.resolve();
          await this.yieldToEventLoop();
        }
        if (live()) await this.delay(this.tickMs);
      }
    } catch (error) {
      if (generation === this.generation) this.running = false;
      this.queue.rejectAll(error);
    }
  }
}
