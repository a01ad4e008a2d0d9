#!/usr/bin/env node
// Launcher shim: everything lives in the built CLI so tests can run the program in-process.
import { statSync } from 'node:fs';

const argv = process.argv.slice(2);
// Stack traces name src/ files and lines: --verbose prints them (reading the maps costs time, so
// only then).
if (argv.includes('--verbose')) process.setSourceMapsEnabled(true);

// `npm run build` bundles the CLI into dist/bundle/ (scripts/bundle.mjs): it starts in a fraction of
// the time the ~375 separate modules take. A dist/ compiled by tsc alone, as while developing, has
// no bundle or an older one than its modules: those then run.
const built = bundleIsCurrent()
  ? { main: '../dist/bundle/main.js', version: '../dist/bundle/version.js', fastInitialize: '../dist/bundle/stdio-fast-initialize.js', workerDetector: '../dist/bundle/worker-detector.js' }
  : { main: '../dist/cli/main.js', version: '../dist/cli/version.js', fastInitialize: '../dist/mcp/transports/stdio-fast-initialize.js', workerDetector: '../dist/vision/worker-detector.js' };
function bundleIsCurrent() {
  const mtime = (path) => statSync(new URL(path, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? NaN;
  return mtime('../dist/bundle/main.js') >= mtime('../dist/cli/main.js');
}

// `serve --stdio`: hosts spawn stdio servers often and wait for the initialize answer each time;
// it is written before the CLI, the MCP SDK and zod load (see stdio-fast-initialize.ts).
let early;
if (argv.find((a) => !a.startsWith('-')) === 'serve' && argv.includes('--stdio') && !argv.some((a) => ['--http', '--ros-config', '--robot-profile', '--help', '-h'].includes(a))) {
  const [{ answerInitializeEarly }, { PROGRAM_VERSION }] = await Promise.all([import(built.fastInitialize), import(built.version)]);
  early = answerInitializeEarly(process.stdin, process.stdout, PROGRAM_VERSION);
  // The client may stop us before the server has loaded: nothing has run yet, so a signal ends the
  // process at once, as the serve command would, until that command installs its own handler.
  const stopBeforeServing = (signal) => {
    process.stderr.write(`robot-agent: ${signal}: shutting down\n`);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, stopBeforeServing);
  process.on('newListener', function handOver(event, listener) {
    if (listener === stopBeforeServing || (event !== 'SIGINT' && event !== 'SIGTERM')) return;
    process.off(event, stopBeforeServing);
    if (!['SIGINT', 'SIGTERM'].some((s) => process.listeners(s).includes(stopBeforeServing))) process.off('newListener', handOver);
  });
}
// `run` waits for the detector's worker thread to create its ONNX sessions before the mission
// starts, and the thread's own start-up (a Node environment, its modules, onnxruntime) is the
// longer of the two ways to that point: it starts here, before the CLI loads (~30 ms earlier than
// the run command could). The command takes it when its options ask for the same model (the
// committed one: a run naming its own model or labels starts its own). Not for a command line that
// will be refused, as far as can be told before it is parsed (no instruction, --help): a thread
// that has begun loading onnxruntime must finish before the process may end.
const command = argv.find((a) => !a.startsWith('-'));
const positionals = argv.filter((a) => !a.startsWith('-'));
const earlyDetector = command === 'run' && positionals.length > 1 && !argv.some((a) => a.startsWith('--detector-') || a === '--help' || a === '-h');
const detectorWorkers = earlyDetector ? await import(built.workerDetector) : undefined;
detectorWorkers?.prestartDetector({});
const { main } = await import(built.main);

// `robot-agent ... | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

process.exitCode = await main(argv, {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  stdin: early?.input ?? process.stdin,
});
// Serving has ended (or a bad option stopped it before it began): stdin is no longer read.
early?.release();

// `run` has closed all it opened (the session, the robot, any MCP servers; the recording is written
// synchronously) by the time main returns: ending the process here, once stdout and stderr are
// flushed, saves Node tearing down the heap and onnxruntime's thread pools on the way out (see
// "Where run's start-up time goes" in the README, #18 item 9). Other commands end as the event
// loop empties.
if (command === 'run') {
  // A command line the run command refused before it began (a usage error) left the spare unused.
  await detectorWorkers?.releaseSpareDetector();
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((flushed) => stream.write('', flushed))));
  process.exit();
}
