// The agent suite's figures per half, and the lines that print them.
import { median, percent, rate } from './stats.mjs';

/** results: [{ id, half, possible, outcome, steps, ms, success, falseSuccess, judged, summary }] */
export function halfFigures(results) {
  const possible = results.filter((r) => r.possible);
  const impossible = results.filter((r) => !r.possible);
  return {
    instructions: results.length,
    successRate: rate(results.filter((r) => r.success).length, results.length),
    possibleSuccessRate: rate(possible.filter((r) => r.success).length, possible.length),
    possible: possible.length,
    honestFailureRate: rate(impossible.filter((r) => r.success).length, impossible.length),
    impossible: impossible.length,
    falseSuccesses: results.filter((r) => r.falseSuccess).map((r) => r.id),
    toolCallsMedian: median(results.map((r) => r.steps)),
    missionMsMedian: Math.round(median(results.map((r) => r.ms))),
  };
}

export function printHalf(half, f) {
  console.log(`suite, ${half} half (${f.instructions} instructions: ${f.possible} possible, ${f.impossible} impossible)`);
  console.log(`  success                      ${percent(f.successRate)}  (possible ones done: ${percent(f.possibleSuccessRate)})`);
  console.log(`  FALSE SUCCESSES              ${f.falseSuccesses.length}${f.falseSuccesses.length ? `: ${f.falseSuccesses.join(', ')}` : ''}`);
  console.log(`  honest failure, impossible   ${percent(f.honestFailureRate)}`);
  console.log(`  tool calls                   median ${f.toolCallsMedian}   (mission median ${f.missionMsMedian} ms)`);
}

/** One line per instruction, and for a miss the conditions that did not hold. */
export function printInstruction(r) {
  const mark = r.falseSuccess ? 'FALSE-SUCCESS' : r.success ? 'ok' : 'miss';
  console.log(`  ${mark.padEnd(13)} ${r.id} [${r.half}${r.possible ? '' : ', impossible'}] ${r.outcome}, ${r.steps} calls: "${r.text}"`);
  if (r.success) return;
  console.log(`      said: ${r.summary.replace(/\s+/g, ' ').slice(0, 240)}`);
  for (const c of r.judged.conditions.filter((c) => !c.ok)) console.log(`      not met: ${c.condition} (${c.detail})`);
}
