import { describe, expect, it } from 'vitest';
import { RealtimeRunner, VirtualRunner } from '../../src/sim/runner.js';
import { FULL_SPEED, makeEngine } from './sim-fixtures.js';

function virtual() {
  const { world, engine } = makeEngine('empty');
  let steps = 0;
  engine.onStep(() => void steps++);
  const runner = new VirtualRunner(engine);
  return { world, engine, runner, steps: () => steps };
}

describe('VirtualRunner', () => {
  it('advances the clock once for concurrent sleepers', async () => {
    const { runner, steps } = virtual();
    const woke: Array<[string, number]> = [];
    await Promise.all([
      runner.sleep(1).then(() => woke.push(['a', runner.clock.now()])),
      runner.sleep(1).then(() => woke.push(['b', runner.clock.now()])),
      runner.sleep(0.5).then(() => woke.push(['c', runner.clock.now()])),
    ]);
    expect(woke).toEqual([['c', 0.5], ['a', 1], ['b', 1]]);
    expect(runner.clock.now()).toBe(1);
    expect(steps()).toBe(50);
  });

  it('lets a waking sleeper queue its next sleep before time moves on', async () => {
    const { runner } = virtual();
    const ticks: number[] = [];
    const ticker = (async () => {
      for (let i = 0; i < 10; i++) {
        await runner.sleep(0.1);
        ticks.push(runner.clock.now());
      }
    })();
    let longWoke = -1;
    const long = runner.sleep(1).then(() => {
      longWoke = runner.clock.now();
      // The ticker's last wake is also at 1 s, queued later than this one: it has not run yet.
      expect(ticks).toHaveLength(9);
    });
    await Promise.all([ticker, long]);
    expect(ticks).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(longWoke).toBe(1);
    expect(runner.clock.now()).toBe(1);
  });

  it('runs a motion while the caller sleeps, and sleep(0) does not advance time', async () => {
    const { runner, engine } = virtual();
    engine.startMotion({ kind: 'goto', target: { x: 3, y: 1 }, limits: FULL_SPEED });
    while (engine.motionState().status === 'active') await runner.sleep(0.25);
    expect(engine.motionState().status).toBe('succeeded');
    const t = runner.clock.now();
    await runner.sleep(0);
    expect(runner.clock.now()).toBe(t);
  });

  it('keeps the event loop turning during one long sleep, without changing the outcome', async () => {
    const { runner } = virtual();
    let yields = 0;
    const sliced = new VirtualRunner(runner.engine, {
      maxStepsPerSlice: 10,
      yieldToEventLoop: async () => {
        yields++;
        await new Promise((r) => setImmediate(r));
      },
    });
    await sliced.sleep(2);
    expect(sliced.clock.now()).toBe(2);
    expect(yields).toBeGreaterThanOrEqual(10);
  });

  it('rejects bad durations and passes engine failures to the sleepers', async () => {
    const { runner, engine } = virtual();
    expect(() => runner.sleep(-1)).toThrow(RangeError);
    expect(() => runner.sleep(Number.NaN)).toThrow(/finite, non-negative/);
    engine.onStep(() => {
      throw new Error('boom');
    });
    await expect(runner.sleep(1)).rejects.toThrow('boom');
  });
});

/** A fake wall clock: each delay moves it forward, so pacing is tested without real time. */
function fakeWall() {
  let now = 1000;
  return {
    wallClock: () => now,
    delay: async (ms: number) => {
      now += ms;
      await new Promise((r) => setImmediate(r));
    },
    jump: (ms: number) => void (now += ms),
    elapsed: () => now - 1000,
  };
}

describe('RealtimeRunner', () => {
  it('paces simulated time to the (injected) wall clock', async () => {
    const { engine } = makeEngine('empty');
    const wall = fakeWall();
    const runner = new RealtimeRunner(engine, { wallClock: wall.wallClock, delay: wall.delay, tickMs: 10 });
    await runner.sleep(1);
    expect(runner.clock.now()).toBe(1);
    expect(wall.elapsed()).toBeGreaterThanOrEqual(1000);
    expect(wall.elapsed()).toBeLessThanOrEqual(1030);
    const both: number[] = [];
    await Promise.all([runner.sleep(0.5).then(() => both.push(runner.clock.now())), runner.sleep(0.5).then(() => both.push(runner.clock.now()))]);
    expect(both).toEqual([1.5, 1.5]);
    runner.stop();
  });

  it('runs at a chosen speed and drops lag it cannot catch up', async () => {
    const { engine } = makeEngine('empty');
    const wall = fakeWall();
    const fast = new RealtimeRunner(engine, { wallClock: wall.wallClock, delay: wall.delay, speed: 4, tickMs: 10 });
    await fast.sleep(2);
    expect(wall.elapsed()).toBeLessThanOrEqual(530);
    fast.stop();

    const lagging = makeEngine('empty');
    const wall2 = fakeWall();
    const runner = new RealtimeRunner(lagging.engine, { wallClock: wall2.wallClock, delay: wall2.delay, maxLagSeconds: 0.25 });
    runner.start();
    wall2.jump(10_000); // the process was suspended for 10 s
    await runner.sleep(0.1);
    expect(runner.clock.now()).toBeLessThan(0.5);
    // After dropping the lag (all but maxLagSeconds of it), pacing is back to real time.
    const wallBefore = wall2.elapsed();
    const simBefore = runner.clock.now();
    await runner.sleep(1);
    expect(runner.clock.now()).toBeCloseTo(simBefore + 1, 6);
    expect(wall2.elapsed() - wallBefore).toBeGreaterThanOrEqual(750);
    expect(wall2.elapsed() - wallBefore).toBeLessThanOrEqual(1030);
    runner.stop();
  });

  it('rejects pending sleeps when stopped', async () => {
    const { engine } = makeEngine('empty');
    const wall = fakeWall();
    const runner = new RealtimeRunner(engine, { wallClock: wall.wallClock, delay: wall.delay });
    const pending = runner.sleep(100);
    runner.stop();
    await expect(pending).rejects.toThrow('the simulation was stopped');
    expect(runner.isRunning).toBe(false);
  });
});
