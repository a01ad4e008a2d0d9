// TUI cost: the frame rate the UI sustains while a --realtime mission runs, the CPU it uses, and
// whether it slows the mission — the same mission with and without the UI, in real time and in
// virtual time (where any UI cost would show as a longer mission). The UI draws into an
// in-process terminal of the given size (nothing reaches your screen).
//
//   npx tsc -p . && node bench/tui.mjs [--mission "go to bin a"] [--runs N] [--size 120x40] [--json]
import { performance } from 'node:perf_hooks';
import { EventEmitter } from 'node:events';

// Ink draws nothing live when it believes it runs under CI; the bench wants live drawing.
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;
// As `robot-agent tui` does: React's production build.
process.env.NODE_ENV ??= 'production';

const args = process.argv.slice(2);
const json = args.includes('--json');
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const mission = opt('--mission', 'go to bin a');
const runs = Number(opt('--runs', '1'));
const [columns, rows] = opt('--size', '120x40').split('x').map(Number);
if (!Number.isInteger(runs) || runs < 1 || !(columns > 0) || !(rows > 0)) {
  console.error('usage: node bench/tui.mjs [--mission TEXT] [--runs N] [--size COLSxROWS] [--json]');
  process.exit(2);
}

const { render } = await import('ink');
const { createElement } = await import('react');
const { App } = await import('../dist/tui/app.js');
const { MissionSession } = await import('../dist/runtime/mission-session.js');
const { MissionRuntime } = await import('../dist/runtime/mission-runtime.js');
const { chooseProvider } = await import('../dist/runtime/provider-choice.js');
const { loadScenario } = await import('../dist/sim/scenario.js');
const { createDetector } = await import('../dist/vision/detector.js');

const scenario = loadScenario('warehouse');
const detector = createDetector({ threads: 1 });
const provider = chooseProvider({}, { provider: 'planner' });
const wallClock = () => Date.UTC(2026, 10, 22, 12);

/** A truecolor terminal of a fixed size that counts what Ink writes to it. */
class CountingTerminal extends EventEmitter {
  isTTY = true;
  columns = columns;
  rows = rows;
  writes = 0;
  bytes = 0;
  write(chunk) {
    this.writes++;
    this.bytes += Buffer.byteLength(chunk);
    return true;
  }
  getColorDepth() {
    return 24;
  }
}
class IdleKeyboard extends EventEmitter {
  isTTY = true;
  setRawMode() {}
  setEncoding() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read() {
    return null;
  }
}

function cpuPercent(cpu, wallMs) {
  return Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 1000) / 10;
}

/** The mission alone: the runtime under the CLI's `run` (its one-shot session adds no work), no screen. */
async function withoutUi(realtime) {
  const runtime = await MissionRuntime.open({ scenario, seed: 1, realtime, sharedDetector: detector, wallClock, version: 'bench' });
  try {
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    const run = await runtime.runMission({ instruction: mission, provider: await provider.create(), maxSteps: 40, confirmation: { mode: 'refuse' }, onEvent: () => {}, wallMs: () => performance.now() });
    const wallMs = performance.now() - wall0;
    return { outcome: run.outcome, wallMs, simSeconds: run.simSeconds, cpuPercent: cpuPercent(process.cpuUsage(cpu0), wallMs) };
  } finally {
    await runtime.close();
  }
}

/** The same mission in a TUI session drawn by Ink: frames drawn, frames written, render time. */
async function withUi(realtime) {
  const session = await MissionSession.open({ scenario, seed: 1, realtime, sharedDetector: detector, provider, maxSteps: 40, recordDir: null, version: 'bench', env: {}, wallClock });
  const stdout = new CountingTerminal();
  let renders = 0;
  let renderMs = 0;
  const ink = render(createElement(App, { session, version: 'bench', depth: Number(opt('--depth', '24')), fps: Number(opt('--fps', '15')) }), {
    stdout,
    stdin: new IdleKeyboard(),
    stderr: new CountingTerminal(),
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 30,
    onRender: ({ renderTime }) => {
      renders++;
      renderMs += renderTime;
    },
  });
  try {
    await new Promise((r) => setTimeout(r, 200)); // first frame drawn
    const [renders0, writes0, bytes0, renderMs0] = [renders, stdout.writes, stdout.bytes, renderMs];
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    let outcome = 'unknown';
    let simSeconds = 0;
    const off = session.onAction((a) => {
      if (a.type === 'mission_finished') [outcome, simSeconds] = [a.outcome, a.simSeconds];
    });
    await session.runMission(mission);
    const wallMs = performance.now() - wall0;
    const cpu = process.cpuUsage(cpu0);
    off();
    const seconds = wallMs / 1000;
    const frames = renders - renders0;
    return {
      outcome,
      wallMs,
      simSeconds,
      cpuPercent: cpuPercent(cpu, wallMs),
      framesPerSecond: Math.round((frames / seconds) * 10) / 10,
      writesPerSecond: Math.round(((stdout.writes - writes0) / seconds) * 10) / 10,
      kilobytesPerSecond: Math.round((stdout.bytes - bytes0) / 1024 / seconds),
      meanRenderMs: frames ? Math.round(((renderMs - renderMs0) / frames) * 100) / 100 : 0,
    };
  } finally {
    ink.unmount();
    await session.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function compare(realtime) {
  const plain = [];
  const ui = [];
  for (let i = 0; i < runs; i++) {
    plain.push(await withoutUi(realtime));
    ui.push(await withUi(realtime));
  }
  const pick = (list, key) => Math.round(median(list.map((r) => r[key])) * 10) / 10;
  const withoutMs = pick(plain, 'wallMs');
  const withMs = pick(ui, 'wallMs');
  return {
    outcome: ui[0].outcome,
    simSeconds: ui[0].simSeconds,
    withoutUi: { wallMs: withoutMs, cpuPercent: pick(plain, 'cpuPercent') },
    withUi: {
      wallMs: withMs,
      cpuPercent: pick(ui, 'cpuPercent'),
      framesPerSecond: pick(ui, 'framesPerSecond'),
      writesPerSecond: pick(ui, 'writesPerSecond'),
      kilobytesPerSecond: pick(ui, 'kilobytesPerSecond'),
      meanRenderMs: pick(ui, 'meanRenderMs'),
    },
    slowdownPercent: Math.round(((withMs - withoutMs) / withoutMs) * 1000) / 10,
  };
}

await withoutUi(false); // warm-up: JIT and the planner
const result = { mission, terminal: `${columns}x${rows}`, runs, realtime: await compare(true), virtualTime: await compare(false) };

if (json) console.log(JSON.stringify(result));
else {
  const show = (label, r) => {
    console.log(`${label}: "${mission}" ${r.outcome}, ${r.simSeconds} s of robot time`);
    console.log(`  without UI   ${(r.withoutUi.wallMs / 1000).toFixed(2)} s wall, ${r.withoutUi.cpuPercent}% CPU`);
    console.log(`  with UI      ${(r.withUi.wallMs / 1000).toFixed(2)} s wall, ${r.withUi.cpuPercent}% CPU (${r.slowdownPercent >= 0 ? '+' : ''}${r.slowdownPercent}% wall time)`);
    console.log(`  frames       ${r.withUi.framesPerSecond} drawn/s, ${r.withUi.writesPerSecond} written/s (${r.withUi.kilobytesPerSecond} KiB/s), ${r.withUi.meanRenderMs} ms per render`);
  };
  console.log(`TUI bench, ${result.terminal} truecolor terminal, median of ${runs} run(s)`);
  show('real time', result.realtime);
  show('virtual time', result.virtualTime);
}
