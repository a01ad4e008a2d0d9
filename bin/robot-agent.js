#!/usr/bin/env node
// Launcher shim: everything lives in the built CLI so tests can run the program in-process.
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  stdin: process.stdin,
});
