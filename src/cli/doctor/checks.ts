import { rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { displayPath } from '../../core/display-path.js';
import { chooseProvider } from '../../runtime/provider-choice.js';
import { fileSystemProblem } from '../fs-errors.js';
import { PROGRAM_PACKAGE } from '../version.js';

/**
 * The checks of `robot-agent doctor` that need no MCP server: Node.js, onnxruntime, the detector
 * models against their metadata and on a rendered frame, the API key, the recordings folder.
 * Each returns a result and never throws: a broken part is a `fail` with the reason in one line.
 */
export type CheckStatus = 'ok' | 'fail' | 'info' | 'skipped';

export interface CheckResult {
  /** Stable, for --json: node, onnxruntime, models, detector, api-key, config, mcp:<server>, recordings. */
  name: string;
  status: CheckStatus;
  /** One line: what was found, or what is wrong and what to do. */
  detail: string;
  /** Wall-clock time the check took. */
  ms: number;
}

/** Runs `body` as check `name`, timing it; an exception is the check's failure, in its own words. */
export async function timedCheck(name: string, body: () => Promise<Omit<CheckResult, 'name' | 'ms'>>): Promise<CheckResult> {
  const t0 = performance.now();
  let outcome: Omit<CheckResult, 'name' | 'ms'>;
  try {
    outcome = await body();
  } catch (err) {
    outcome = { status: 'fail', detail: fileSystemProblem(err) ?? (err instanceof Error ? err.message : String(err)) };
  }
  return { name, ...outcome, ms: Math.round(performance.now() - t0) };
}

/** The Node.js major version package.json's `engines` asks for. */
function requiredNodeMajor(): number {
  return Number(/(\d+)/.exec(PROGRAM_PACKAGE.engines?.node ?? '')?.[1] ?? 0);
}

export function nodeCheck(): Promise<CheckResult> {
  return timedCheck('node', async () => {
    const needed = requiredNodeMajor();
    const major = Number(process.versions.node.split('.')[0]);
    const ok = major >= needed;
    return { status: ok ? 'ok' : 'fail', detail: `Node.js ${process.versions.node}${ok ? '' : `: robot-agent needs ${needed} or newer; install a newer Node.js`}` };
  });
}

export function onnxRuntimeCheck(): Promise<CheckResult> {
  return timedCheck('onnxruntime', async () => {
    const { loadOrt } = await import('../../vision/onnx-session.js');
    const ort = await loadOrt();
    return { status: 'ok', detail: `onnxruntime-node ${ort.env.versions.node ?? ort.env.versions.common} loaded` };
  });
}

export interface ModelOptions {
  detectorModel?: string;
  detectorLabels?: string;
}

/**
 * The models against their metadata (the detector's own checks: input and output names, shapes,
 * classes, the second stage it names), then one run on the warehouse's start view, judged
 * against the objects the simulator knows are in view.
 */
export async function modelChecks(opts: ModelOptions): Promise<[Promise<CheckResult>, Promise<CheckResult>]> {
  const { createDetector } = await import('../../vision/detector.js');
  const detector = createDetector({ modelPath: opts.detectorModel, labelsPath: opts.detectorLabels });
  const loaded = timedCheck('models', async () => {
    const info = await detector.load();
    const second = info.secondStage ? ` and ${displayPath(info.secondStage.modelPath)}` : '';
    const against = info.kind === 'yolo' ? 'its labels file' : 'their metadata';
    return { status: 'ok', detail: `${displayPath(info.modelPath)}${second} match ${against}: ${info.labels.length} classes, ${info.input.width}x${info.input.height} input` };
  });
  const ran = loaded.then(async (models) => {
    if (models.status !== 'ok') return { name: 'detector', status: 'skipped' as const, detail: 'the models did not load', ms: 0 };
    try {
      return await timedCheck('detector', () => detectorRun(detector));
    } finally {
      await detector.dispose();
    }
  });
  return [loaded, ran];
}

async function detectorRun(detector: import('../../vision/detector.js').ObjectDetector): Promise<Omit<CheckResult, 'name' | 'ms'>> {
  const { missedObjects, openScenarioWorld, renderTruthView } = await import('../../tools/ground-truth.js');
  const world = openScenarioWorld('warehouse');
  const start = world.scenario.robot;
  const { frame, truthBoxes } = renderTruthView(world, { x: start.x, y: start.y, heading: start.heading }, 1);
  const { detections, timing } = await detector.detectTimed(frame);
  const found = truthBoxes.length - missedObjects(truthBoxes, detections).length;
  const seen = `found ${found} of the ${truthBoxes.length} objects in view from the warehouse start (${timing.totalMs.toFixed(1)} ms)`;
  if (truthBoxes.length > 0 && found === 0) return { status: 'fail', detail: `${seen}: the model runs but sees nothing; restore models/ from the checkout` };
  return { status: 'ok', detail: seen };
}

export function apiKeyCheck(env: NodeJS.ProcessEnv): Promise<CheckResult> {
  return timedCheck('api-key', async () => {
    const provider = chooseProvider(env, {});
    if (provider.name === 'planner') {
      return { status: 'info', detail: 'ANTHROPIC_API_KEY is not set: run uses the offline planner (set it to plan with Claude)' };
    }
    const where = env.ANTHROPIC_BASE_URL ? ` through ANTHROPIC_BASE_URL (${env.ANTHROPIC_BASE_URL})` : '';
    // Only its presence: doctor makes no network request (it must work offline), so a wrong key shows at the first run.
    return { status: 'ok', detail: `ANTHROPIC_API_KEY is set (not verified: doctor makes no request): run plans with Claude${where}; --provider planner for the offline planner` };
  });
}

/**
 * The recordings folder can be written: a probe file in it, or, when it does not exist yet, in the
 * nearest folder above it that does (run creates the rest). Nothing is left behind.
 */
export function recordingsCheck(dir: string): Promise<CheckResult> {
  return timedCheck('recordings', async () => {
    let existing = dir;
    let info = await stat(existing).catch(() => undefined);
    while (!info && path.dirname(existing) !== existing) {
      existing = path.dirname(existing);
      info = await stat(existing).catch(() => undefined);
    }
    if (!info?.isDirectory()) {
      return { status: 'fail', detail: `${dir} cannot be created: ${existing} is a file, not a folder; pass --record-dir or set recordDir` };
    }
    const probe = path.join(existing, `.robot-agent-doctor-${process.pid}`);
    try {
      await writeFile(probe, '', { flag: 'wx' });
    } catch (err) {
      return { status: 'fail', detail: `${dir} is not writable: ${fileSystemProblem(err) ?? String(err)}; pass --record-dir or set recordDir` };
    }
    await rm(probe, { force: true });
    return { status: 'ok', detail: existing === dir ? `${dir} is writable` : `${dir} will be created at the first run (${existing} is writable)` };
  });
}
