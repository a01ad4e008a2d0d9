import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDetector } from '../../src/vision/detector.js';
import { DetectorError } from '../../src/vision/detector-error.js';
import { parseLabels } from '../../src/vision/labels-file.js';
import { defaultModelPath } from '../../src/vision/model-paths.js';
import { missingModelMessage } from '../../src/vision/onnx-session.js';

const FIX = join(import.meta.dirname, 'fixtures');
const centernetModel = join(FIX, 'centernet-fixture.onnx');
const centernetMeta = JSON.parse(readFileSync(join(FIX, 'centernet-fixture.json'), 'utf8'));
const yoloModel = join(FIX, 'yolo-fixture.onnx');
const yoloLabels = join(FIX, 'yolo-fixture.txt');
const tmp = mkdtempSync(join(tmpdir(), 'vision-detector-'));

function uniform(width: number, height: number, rgb: [number, number, number]) {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(rgb, i * 3);
  return { width, height, rgb: data };
}

/** A copy of the CenterNet fixture next to edited metadata. */
function withMetadata(name: string, edit: ((m: typeof centernetMeta) => unknown) | string): string {
  const model = join(tmp, `${name}.onnx`);
  copyFileSync(centernetModel, model);
  writeFileSync(join(tmp, `${name}.json`), typeof edit === 'function' ? JSON.stringify(edit(structuredClone(centernetMeta))) : String(edit));
  return model;
}

async function loadError(opts: Parameters<typeof createDetector>[0]): Promise<DetectorError> {
  const err = await createDetector(opts)
    .load()
    .then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(DetectorError);
  const message = (err as Error).message;
  expect(message.split('\n')).toHaveLength(1);
  return err as DetectorError;
}

const detectors: Array<ReturnType<typeof createDetector>> = [];
afterAll(async () => {
  for (const d of detectors) await d.dispose();
  rmSync(tmp, { recursive: true, force: true });
});

describe('ObjectDetector with a robot-agent model (CenterNet layout)', () => {
  it('loads lazily, checks the model against its metadata and decodes with per-class thresholds', async () => {
    const det = createDetector({ modelPath: centernetModel, threads: 1 });
    detectors.push(det);
    const info = await det.load();
    expect(info).toMatchObject({ kind: 'robot-agent', threads: 1, input: { name: 'images', width: 320, height: 240 }, output: { name: 'detections' } });
    expect(info.labels).toHaveLength(12);
    const frame = uniform(320, 240, [102, 153, 51]); // the metadata mean: normalizes to 0
    const out = await det.detect(frame, { confidence: 0.5 });
    expect(out.map((d) => [d.label, d.confidence])).toEqual([
      ['green_ball', expect.closeTo(0.95, 5)],
      ['red_cube', expect.closeTo(0.8, 5)],
      ['yellow_cylinder', expect.closeTo(0.6, 5)],
    ]);
    expect(out[0]!.box).toEqual({ x1: 100, y1: 80, x2: 140, y2: 120 });
    const strict = await det.detect(frame, { confidence: { green_ball: 0.99, default: 0.5 } });
    expect(strict.map((d) => d.label)).toEqual(['red_cube', 'yellow_cylinder']);
    expect(det.lastTiming).not.toBeNull();
  });

  it('normalizes with the metadata mean and std (the fixture reads the mean input)', async () => {
    const det = createDetector({ modelPath: centernetModel, threads: 1 });
    detectors.push(det);
    // Row 3's score is 0.45 + 0.1 · mean(normalized input).
    const white = await det.detectTimed(uniform(320, 240, [255, 255, 255]), { confidence: 0.5 });
    const expected = 0.45 + 0.1 * (((1 - 0.4) / 0.25 + (1 - 0.6) / 0.25 + (1 - 0.2) / 0.25) / 3);
    const scores = white.detections.map((d) => d.confidence);
    expect(scores.some((s) => Math.abs(s - expected) < 1e-4)).toBe(true);
    expect(white.timing.totalMs).toBeGreaterThanOrEqual(white.timing.inferenceMs);
  });

  it('letterboxes frames of another size and maps boxes back', async () => {
    const det = createDetector({ modelPath: centernetModel, threads: 1 });
    detectors.push(det);
    const out = await det.detect(uniform(640, 480, [102, 153, 51]), { confidence: 0.9 });
    expect(out).toHaveLength(1);
    expect(out[0]!.box).toEqual({ x1: 200, y1: 160, x2: 280, y2: 240 });
  });
});

describe('ObjectDetector with a YOLO export and labels file', () => {
  it('decodes [1, 4+nc, N] through the letterbox with NMS', async () => {
    const det = createDetector({ modelPath: yoloModel, labelsPath: yoloLabels, threads: 1 });
    detectors.push(det);
    const info = await det.load();
    expect(info).toMatchObject({ kind: 'yolo', labels: ['person', 'bicycle', 'car'], input: { width: 640, height: 640 } });
    const out = await det.detect(uniform(320, 240, [0, 0, 0]), { confidence: 0.5 });
    expect(out.map((d) => d.label)).toEqual(['person', 'car', 'bicycle']);
    expect(out[0]!.box).toEqual({ x1: 135, y1: 105, x2: 185, y2: 135 });
    expect(out[2]!.box).toEqual({ x1: 40, y1: 50, x2: 60, y2: 70 });
  });

  it('refuses a labels file that does not match the model', async () => {
    const labels = join(tmp, 'four.json');
    writeFileSync(labels, JSON.stringify(['a', 'b', 'c', 'd']));
    const err = await loadError({ modelPath: yoloModel, labelsPath: labels });
    expect(err.message).toMatch(/output "output0" has shape \[1, 7, 20\] \(3 classes\) but the labels file has 4 labels/);
  });
});

describe('clear errors', () => {
  it('for a missing model file', async () => {
    const err = await loadError({ modelPath: join(tmp, 'nope.onnx') });
    expect(err.message).toMatch(/^detector model .*nope\.onnx not found: check the --detector-model path$/);
    expect(missingModelMessage(defaultModelPath())).toMatch(/models\/detector\.onnx not found: run from a full checkout or pass --detector-model PATH$/);
  });

  it('for a model with no metadata and no labels', async () => {
    const model = join(tmp, 'bare.onnx');
    copyFileSync(centernetModel, model);
    const err = await loadError({ modelPath: model });
    expect(err.message).toMatch(/no metadata for .*bare\.onnx: expected .*bare\.json .* or pass --detector-labels FILE/);
  });

  it('for unreadable or invalid metadata', async () => {
    expect((await loadError({ modelPath: withMetadata('badjson', '{ "format": ') })).message).toMatch(/badjson\.json is not valid JSON/);
    const wrongFormat = withMetadata('format', (m) => ({ ...m, format: 'something-else' }));
    expect((await loadError({ modelPath: wrongFormat })).message).toMatch(/format\.json: field "format"/);
  });

  it('for metadata that does not match the model', async () => {
    const size = withMetadata('size', (m) => ({ ...m, input: { ...m.input, width: 416, height: 416 } }));
    expect((await loadError({ modelPath: size })).message).toMatch(
      /input "images" has shape \[1, 3, 240, 320\] but .*size\.json says \[1, 3, 416, 416\]: the model and its metadata come from different trainings/,
    );
    const output = withMetadata('output', (m) => ({ ...m, output: { ...m.output, name: 'boxes' } }));
    expect((await loadError({ modelPath: output })).message).toMatch(/has outputs "detections" but .*output\.json expects "boxes"/);
    const input = withMetadata('input', (m) => ({ ...m, input: { ...m.input, name: 'pixels' } }));
    expect((await loadError({ modelPath: input })).message).toMatch(/has inputs "images" but .*input\.json expects one input "pixels"/);
    const k = withMetadata('k', (m) => ({ ...m, output: { ...m.output, maxDetections: 50 } }));
    expect((await loadError({ modelPath: k })).message).toMatch(/output "detections" has shape \[1, 100, 6\] but .* says \[1, 50, 6\]/);
    // The fixture takes float32 planes; metadata claiming the byte input kind must not pass.
    const bytes = withMetadata('bytes', (m) => ({ ...m, input: { ...m.input, layout: 'NHWC', dtype: 'uint8' } }));
    expect((await loadError({ modelPath: bytes })).message).toMatch(/input "images" is float32 but .*bytes\.json says uint8/);
    const mixed = withMetadata('mixed', (m) => ({ ...m, input: { ...m.input, layout: 'NCHW', dtype: 'uint8' } }));
    expect((await loadError({ modelPath: mixed })).message).toMatch(/mixed\.json: field "input\.layout" must be NCHW float32 or NHWC uint8/);
  });

  it('for a file that is not an ONNX model', async () => {
    const model = join(tmp, 'junk.onnx');
    writeFileSync(model, 'not a model');
    writeFileSync(join(tmp, 'junk.json'), JSON.stringify(centernetMeta));
    expect((await loadError({ modelPath: model })).message).toMatch(/cannot load .*junk\.onnx as an ONNX model/);
  });

  it('for a bad thread count or labels file', async () => {
    expect((await loadError({ modelPath: centernetModel, threads: 0 })).message).toMatch(/invalid thread count 0/);
    expect((await loadError({ modelPath: yoloModel, labelsPath: join(tmp, 'none.txt') })).message).toMatch(/labels file .*none\.txt not found/);
  });
});

describe('parseLabels', () => {
  it('reads one label per line, a JSON array or an index-keyed object', () => {
    expect(parseLabels('person\n\n# comment\nbicycle\r\ncar\n')).toEqual(['person', 'bicycle', 'car']);
    expect(parseLabels('["a", "b"]')).toEqual(['a', 'b']);
    expect(parseLabels('{"1": "b", "0": "a"}')).toEqual(['a', 'b']);
    expect(() => parseLabels('\n# only a comment\n')).toThrow(DetectorError);
    expect(() => parseLabels('{"0": "a", "2": "c"}')).toThrow(/without gaps/);
  });
});
