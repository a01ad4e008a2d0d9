// Writes each instruction's half into instructions.yaml. The first batch was split once, by
// splitHalves (src/tools/agent-suite.ts), before anyone tuned on it; that split never changes.
// An entry added later without a `half` is marked held-out and added_after_split, so new
// instructions are never tuned on. Usage: node bench/agent-suite/split.mjs (after npm run build)
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { splitHalves } from '../../dist/tools/agent-suite.js';
import { INSTRUCTIONS_FILE } from './paths.mjs';

const text = readFileSync(INSTRUCTIONS_FILE, 'utf8');
const entries = parse(text);
const firstBatch = entries.every((e) => e.half === undefined);
const halves = firstBatch ? splitHalves(entries) : new Map(entries.filter((e) => e.half === undefined).map((e) => [e.id, 'held-out']));
let current = null;
const out = text.split('\n').flatMap((line) => {
  const id = /^- id: (\S+)/.exec(line);
  if (id) current = id[1];
  const half = current && halves.get(current);
  if (!half || !/^ {2}possible: /.test(line)) return [line];
  return [line, `  half: ${half}`, ...(firstBatch ? [] : ['  added_after_split: true'])];
});
writeFileSync(INSTRUCTIONS_FILE, out.join('\n'));
console.log(`${halves.size} instruction(s) given a half${firstBatch ? ' by the split rule' : ': held-out (added after the split)'}`);
