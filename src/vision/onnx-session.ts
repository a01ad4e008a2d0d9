import { existsSync } from 'node:fs';
import type { InferenceSession } from 'onnxruntime-node';
import { DetectorError } from './detector-error.js';
import { defaultModelPath, displayPath } from './model-paths.js';

/**
 * onnxruntime-node, imported only when a model is first needed (so `--help` and commands without
 * vision never load the native library), and one inference session per model and thread count.
 */
export type Ort = typeof import('onnxruntime-node');

let ortPromise: Promise<Ort> | null = null;

export function loadOrt(): Promise<Ort> {
  ortPromise ??= import('onnxruntime-node').catch((e: unknown) => {
    ortPromise = null;
    throw new DetectorError(`cannot load onnxruntime-node (${firstLine(e)}): reinstall dependencies with npm ci`);
  });
  return ortPromise;
}

export interface SessionOptions {
  /** Intra-op threads (default 2). */
  threads?: number;
}

export interface OpenedSession {
  ort: Ort;
  session: InferenceSession;
  /** Wall-clock milliseconds to create the session (for benchmarks). */
  createMs: number;
  threads: number;
}

export const DEFAULT_THREADS = 2;

export async function openSession(modelPath: string, opts: SessionOptions = {}): Promise<OpenedSession> {
  const threads = opts.threads ?? DEFAULT_THREADS;
  if (!Number.isInteger(threads) || threads < 1 || threads > 64) {
    throw new DetectorError(`invalid thread count ${threads}: use a whole number from 1 to 64`);
  }
  if (!existsSync(modelPath)) throw new DetectorError(missingModelMessage(modelPath));
  const ort = await loadOrt();
  const t0 = performance.now();
  let session: InferenceSession;
  try {
    session = await ort.InferenceSession.create(modelPath, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // After each run the intra-op pool's threads spin for more work (onnxruntime's default). A
      // mission detects between camera frames, never back to back, so the spinning only took a
      // core from the thread rendering the next frame: with it, a 2-core machine that was busy
      // with anything else ran a scan's frames at half speed. Results are the same either way.
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    });
  } catch (e) {
    throw new DetectorError(`cannot load ${displayPath(modelPath)} as an ONNX model (${firstLine(e)}): restore the file from the checkout or retrain (see models/README.md)`);
  }
  return { ort, session, createMs: performance.now() - t0, threads };
}

export function missingModelMessage(modelPath: string): string {
  const shown = displayPath(modelPath);
  return modelPath === defaultModelPath()
    ? `${shown} not found: run from a full checkout or pass --detector-model PATH`
    : `detector model ${shown} not found: check the --detector-model path`;
}

/** Name and (when the runtime knows it) shape of a model input or output. */
export interface TensorSignature {
  name: string;
  /** Numbers for fixed dimensions, strings for symbolic ones; empty when unknown. */
  dims: ReadonlyArray<number | string>;
  /** Element type ("float32", "uint8", …) when the runtime reports it. */
  type?: string;
}

export function sessionSignature(session: InferenceSession): { inputs: TensorSignature[]; outputs: TensorSignature[] } {
  const sig = (names: readonly string[], meta: readonly InferenceSession.ValueMetadata[] | undefined): TensorSignature[] =>
    names.map((name) => {
      const m = meta?.find((v) => v.name === name);
      return m && m.isTensor ? { name, dims: m.shape, type: m.type } : { name, dims: [] };
    });
  return { inputs: sig(session.inputNames, session.inputMetadata), outputs: sig(session.outputNames, session.outputMetadata) };
}

/** True when `actual` can be `expected`: same rank and equal wherever both are fixed numbers. */
export function dimsCompatible(actual: ReadonlyArray<number | string>, expected: readonly number[]): boolean {
  if (actual.length === 0) return true;
  if (actual.length !== expected.length) return false;
  return actual.every((d, i) => typeof d !== 'number' || d < 0 || d === expected[i]);
}

export function formatDims(dims: ReadonlyArray<number | string>): string {
  return `[${dims.join(', ')}]`;
}

function firstLine(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return (msg.split('\n').find((l) => l.trim()) ?? msg).trim().slice(0, 200);
}
