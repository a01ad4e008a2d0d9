import { apiKeyCheck, modelChecks, nodeCheck, onnxRuntimeCheck, recordingsCheck, type CheckResult, type CheckStatus, type ModelOptions } from '../doctor/checks.js';
import { configCheck, serverChecks } from '../doctor/mcp-checks.js';
import { EXIT_FAILURE, writeJson, writeLine, type CliIo } from '../io.js';
import { recordingsDir } from '../recordings-dir.js';

export interface DoctorOptions extends ModelOptions {
  config?: string;
  recordDir?: string;
  /** ms each MCP server gets to connect and list its tools (default: the config's mcpTimeout, else the hub's). */
  mcpTimeout?: number;
  json?: boolean;
}

/** Marks that read without colour; info and skipped are not problems. */
const MARKS: Record<CheckStatus, string> = { ok: '✓', fail: '✗', info: '-', skipped: '-' };

/**
 * `robot-agent doctor`: checks everything a mission needs — Node.js, onnxruntime, the detector
 * models against their metadata and on a rendered frame, the API key (its absence is fine: the
 * offline planner plans), the config file and each MCP server in it, the recordings folder. The
 * checks run at once and print in a fixed order, one line each; exit 1 when any is broken.
 */
export async function runDoctor(io: CliIo, opts: DoctorOptions): Promise<number> {
  const config = configCheck(io, opts.config);
  const [models, detector] = await modelChecks(opts);
  const pending: Promise<CheckResult | CheckResult[]>[] = [
    nodeCheck(),
    onnxRuntimeCheck(),
    models,
    detector,
    apiKeyCheck(io.env),
    config.then((c) => c.result),
    config.then(async (c) =>
      c.config ? serverChecks(c.config, opts.mcpTimeout ?? c.config.mcpTimeoutMs).catch((err: unknown) => [failedHub(err)]) : [],
    ),
    config.then((c) => recordingsCheck(recordingsDir(io, opts.recordDir, c.config ?? {}))),
  ];
  const results: CheckResult[] = [];
  const width = 14;
  for (const check of pending) {
    for (const result of [await check].flat()) {
      results.push(result);
      if (!opts.json) writeLine(io.stdout, `${MARKS[result.status]} ${result.name.padEnd(width)} ${result.detail}`);
    }
  }
  const broken = results.filter((r) => r.status === 'fail');
  if (opts.json) {
    writeJson(io.stdout, { ok: broken.length === 0, checks: results });
  } else {
    writeLine(io.stdout, broken.length ? `${broken.length} problem${broken.length === 1 ? '' : 's'}: ${broken.map((r) => r.name).join(', ')}` : 'no problems found');
  }
  return broken.length ? EXIT_FAILURE : 0;
}

/** The hub itself failed (not one server): every server's check is unknown, so it is one failure. */
function failedHub(err: unknown): CheckResult {
  return { name: 'mcp', status: 'fail', detail: `could not start the MCP client: ${err instanceof Error ? err.message : String(err)}`, ms: 0 };
}
