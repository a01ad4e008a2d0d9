#!/usr/bin/env node
// Launcher shim: everything lives in the built CLI so tests can run the program in-process.
import { main } from '../dist/cli/main.js';

// `robot-agent ... | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  stdin: process.stdin,
});
