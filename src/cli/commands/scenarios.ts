import { listScenarios } from '../../sim/scenario.js';
import { writeJson, writeLine, type CliIo } from '../io.js';

export async function runScenarios(io: CliIo, opts: { json?: boolean }): Promise<void> {
  const scenarios = listScenarios();
  if (opts.json) {
    writeJson(
      io.stdout,
      scenarios.map((s) => ({ name: s.name, summary: s.summary, objects: s.objects.length, room: s.room })),
    );
    return;
  }
  const width = Math.max(...scenarios.map((s) => s.name.length));
  for (const s of scenarios) writeLine(io.stdout, `${s.name.padEnd(width)}  ${s.summary}`);
}
