import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderDatasetFrame } from '../../src/tools/dataset.js';
import { createDetector } from '../../src/vision/detector.js';
import { DetectorError } from '../../src/vision/detector-error.js';
import { defaultModelPath, metadataPathFor } from '../../src/vision/model-paths.js';
import { CANDIDATE_FLOOR, SecondStage, secondLook, type Candidate } from '../../src/vision/second-stage.js';
import { committedDetectorMetadata, committedSecondStagePath } from '../helpers/second-stage-path.js';
import type { Box } from '../../src/vision/types.js';

/** The committed second-stage classifier (models/second-stage.onnx), named by detector.json. */
const detectorMeta = committedDetectorMetadata();
const secondPath = committedSecondStagePath();
const tmp = mkdtempSync(join(tmpdir(), 'second-stage-'));
const opened: Array<{ release(): Promise<void> } | { dispose(): Promise<void> }> = [];
afterAll(async () => {
  for (const o of opened) await ('release' in o ? o.release() : o.dispose());
  rmSync(tmp, { recursive: true, force: true });
});

const candidate = (box: Box, clsIndex = 0): Candidate => ({ label: detectorMeta.classes[clsIndex]!, clsIndex, confidence: 0.5, objectness: 0.5, box, members: [] });

describe('the committed second stage', () => {
  it('is named by detector.json and runs inside detect (and not with secondStage: false)', async () => {
    expect(detectorMeta.secondStage, 'detector.json names a second stage').toBeDefined();
    const withIt = createDetector({ threads: 1 });
    const without = createDetector({ threads: 1, secondStage: false });
    opened.push(withIt, without);
    expect((await withIt.load()).secondStage?.modelPath).toBe(secondPath);
    expect((await without.load()).secondStage).toBeUndefined();
    const { frame } = renderDatasetFrame(7100, 0);
    expect((await withIt.detectTimed(frame)).timing.secondStageMs).toBeGreaterThan(0);
    expect((await without.detectTimed(frame)).timing.secondStageMs).toBe(0);
  });

  it("detect gives the detector's candidates rescored by the classifier", async () => {
    const withIt = createDetector({ threads: 1 });
    const without = createDetector({ threads: 1, secondStage: false });
    const second = await SecondStage.open(secondPath, detectorMeta.classes, 1);
    opened.push(withIt, without, second);
    const thresholds = new Float32Array(detectorMeta.classes.length).fill(0.35);
    let changed = 0;
    for (let i = 0; i < 20; i++) {
      const { frame } = renderDatasetFrame(7100, i);
      const found = await without.detect(frame, { confidence: CANDIDATE_FLOOR });
      const expected = await secondLook(second, frame, found, detectorMeta.classes, thresholds);
      const got = await withIt.detect(frame, { confidence: 0.35 });
      expect(got, `frame ${i}`).toEqual(expected);
      const alone = found.filter((d) => d.confidence >= 0.35);
      if (JSON.stringify(alone.map((d) => d.label).sort()) !== JSON.stringify(got.map((d) => d.label).sort())) changed++;
    }
    // The second stage is not a pass-through: on some frames it changes what is reported.
    expect(changed).toBeGreaterThan(0);
  });

  it('leaves boxes the image border cuts to the detector, and rescores the rest', async () => {
    const second = await SecondStage.open(secondPath, detectorMeta.classes, 1);
    opened.push(second);
    const { frame } = renderDatasetFrame(7100, 0);
    const at = (label: string, confidence: number, box: Box) => ({ label, clsIndex: detectorMeta.classes.indexOf(label), confidence, box });
    const cut = at('red_cube', 0.61, { x1: 280, y1: 200, x2: 320, y2: 240 });
    const whole = at('blue_ball', 0.93, { x1: 100, y1: 100, x2: 130, y2: 130 });
    const out = await secondLook(second, frame, [cut, whole], detectorMeta.classes, new Float32Array(12).fill(0.05));
    expect(out.find((d) => d.box.x1 === 280)).toEqual(cut);
    expect(out.filter((d) => d.box.x1 === 100).every((d) => d.confidence !== 0.93)).toBe(true);
  });

  it("names the class of crops cut from true boxes in unseen frames, and calls empty patches background", async () => {
    const second = await SecondStage.open(secondPath, detectorMeta.classes, 2);
    opened.push(second);
    const background = detectorMeta.classes.length;
    let objects = 0;
    let right = 0;
    let empties = 0;
    let calledBackground = 0;
    for (let i = 0; i < 100; i++) {
      const { frame, labels } = renderDatasetFrame(7100, i);
      const clear = labels.filter((t) => t.pixels >= 150);
      // A 20×20 patch near the top of the frame (moving across it frame by frame) that no object box touches.
      const empty = { x1: 20 + (i % 5) * 40, y1: 20, x2: 40 + (i % 5) * 40, y2: 40 };
      const boxes = [...clear, ...(labels.some((t) => overlaps(t, empty)) ? [] : [empty])];
      if (!boxes.length) continue;
      const probs = await second.classify(frame, boxes.map((b) => candidate(b)));
      boxes.forEach((b, k) => {
        const row = Array.from(probs.subarray(k * (background + 1), (k + 1) * (background + 1)));
        const best = row.indexOf(Math.max(...row));
        if (k < clear.length) {
          objects++;
          if (best === clear[k]!.clsIndex) right++;
        } else {
          empties++;
          if (best === background) calledBackground++;
        }
      });
    }
    expect(objects).toBeGreaterThan(80);
    expect(empties).toBeGreaterThan(30);
    expect(right / objects).toBeGreaterThan(0.9);
    expect(calledBackground / empties).toBeGreaterThan(0.8);
  });

  it('a missing second-stage file or one trained for other classes is a one-line error', async () => {
    const model = join(tmp, 'detector.onnx');
    copyFileSync(defaultModelPath(), model);
    const meta = JSON.parse(readFileSync(metadataPathFor(defaultModelPath()), 'utf8'));
    writeFileSync(join(tmp, 'detector.json'), JSON.stringify({ ...meta, secondStage: { model: 'nowhere.onnx' } }));
    const missing = await createDetector({ modelPath: model }).load().catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(DetectorError);
    expect((missing as Error).message).toMatch(/^second-stage classifier .*nowhere\.onnx .*missing: .*drop "secondStage"/);

    copyFileSync(secondPath, join(tmp, 'other.onnx'));
    const secondMeta = JSON.parse(readFileSync(metadataPathFor(secondPath), 'utf8'));
    writeFileSync(join(tmp, 'other.json'), JSON.stringify({ ...secondMeta, classes: ['a', 'b', 'background'] }));
    writeFileSync(join(tmp, 'detector.json'), JSON.stringify({ ...meta, secondStage: { model: 'other.onnx' } }));
    const other = await createDetector({ modelPath: model }).load().catch((e: unknown) => e);
    expect(other).toBeInstanceOf(DetectorError);
    expect((other as Error).message).toMatch(/other\.json has classes \[a, b, background\] but the detector's plus "background" are \[red_cube, red_ball, red_cylinder, … 13 in all\]: retrain/);
    expect((other as Error).message.split('\n')).toHaveLength(1);

    // Switched off, the detector loads without it.
    const off = createDetector({ modelPath: model, secondStage: false });
    opened.push(off);
    expect((await off.load()).secondStage).toBeUndefined();
  });
});

function overlaps(a: Box, b: Box): boolean {
  return a.x1 < b.x2 + 4 && b.x1 < a.x2 + 4 && a.y1 < b.y2 + 4 && b.y1 < a.y2 + 4;
}
