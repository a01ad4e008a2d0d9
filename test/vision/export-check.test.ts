import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderDatasetFrame } from '../../src/tools/dataset.js';
import { defaultModelPath, metadataPathFor } from '../../src/vision/model-paths.js';
import { openSession } from '../../src/vision/onnx-session.js';
import { SecondStage } from '../../src/vision/second-stage.js';
import { committedSecondStagePath } from '../helpers/second-stage-path.js';

/**
 * models/train/export.py records what torch computed on a few held-out frames (detector.json →
 * exportCheck). Rendering those frames here and running the ONNX file in onnxruntime-node must give
 * the same detections: this catches a faulty export, and a renderer that no longer draws the
 * frames the model was trained and evaluated on.
 */
interface ExportCheck {
  seed: number;
  frames: number[];
  minScore: number;
  detections: number[][][];
}

// ROBOT_AGENT_CHECK_MODEL checks a candidate export (e.g. models/candidate/detector.onnx) before it is committed.
const modelPath = process.env.ROBOT_AGENT_CHECK_MODEL ?? defaultModelPath();
const check = (JSON.parse(readFileSync(metadataPathFor(modelPath), 'utf8')) as { exportCheck?: ExportCheck }).exportCheck;

describe('the ONNX graph (committed, or ROBOT_AGENT_CHECK_MODEL) against torch at export time', () => {
  it('finds the same objects, scores and boxes in the same rendered frames', async () => {
    expect(check, `${metadataPathFor(modelPath)} has no exportCheck: re-export with models/train/export.py`).toBeDefined();
    // A record with nothing in it would compare nothing.
    expect(check!.frames.length).toBeGreaterThan(0);
    expect(check!.detections.flat().filter((row) => row[4]! >= check!.minScore + 0.002).length).toBeGreaterThan(0);
    const { ort, session } = await openSession(modelPath, { threads: 1 });
    try {
      for (const [k, index] of check!.frames.entries()) {
        const { frame } = renderDatasetFrame(check!.seed, index);
        const out = await session.run({ images: new ort.Tensor('uint8', frame.rgb, [1, frame.height, frame.width, 3]) });
        const data = out.detections!.data as Float32Array;
        const rows = Array.from({ length: data.length / 6 }, (_, r) => Array.from(data.subarray(r * 6, r * 6 + 6)));
        const expected = check!.detections[k]!;
        // Float kernels differ slightly between torch and onnxruntime: a row on the score cut-off
        // may fall either side, so only rows clearly above it must be there.
        const clear = rows.filter((r) => r[4]! >= check!.minScore + 0.002);
        expect(clear.length, `frame ${index}`).toBeLessThanOrEqual(expected.length);
        for (const want of expected) {
          if (want[4]! < check!.minScore + 0.002) continue;
          const match = rows.find((r) => r[5] === want[5] && Math.abs(r[4]! - want[4]!) < 2e-3 && r.slice(0, 4).every((v, i) => Math.abs(v - want[i]!) < 0.05));
          expect(match, `frame ${index}: torch found class ${want[5]} at [${want.slice(0, 4).join(', ')}] with score ${want[4]}`).toBeDefined();
        }
      }
    } finally {
      await session.release();
    }
  });
});

/**
 * models/train/second_stage.py records torch's class probabilities on a fixed byte pattern
 * (second-stage.json → exportCheck); the ONNX file must give the same.
 */
interface SecondStageCheck {
  crops: number;
  probabilities: number[][];
}

// ROBOT_AGENT_CHECK_SECOND_STAGE checks a candidate (e.g. models/candidate/second-stage.onnx).
const secondPath = process.env.ROBOT_AGENT_CHECK_SECOND_STAGE ?? committedSecondStagePath();

describe('the second-stage ONNX graph (committed, or ROBOT_AGENT_CHECK_SECOND_STAGE) against torch at export time', () => {
  it('gives the same class probabilities for the same crops', async () => {
    const meta = JSON.parse(readFileSync(metadataPathFor(secondPath), 'utf8')) as { classes: string[]; crop: { size: number }; exportCheck?: SecondStageCheck };
    const check = meta.exportCheck;
    expect(check, `${metadataPathFor(secondPath)} has no exportCheck: re-export with models/train/second_stage.py`).toBeDefined();
    expect(check!.crops).toBeGreaterThan(0);
    expect(check!.probabilities).toHaveLength(check!.crops);
    const size = meta.crop.size;
    const bytes = new Uint8Array(check!.crops * size * size * 3);
    let i = 0;
    for (let k = 0; k < check!.crops; k++) for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) for (let c = 0; c < 3; c++) bytes[i++] = (k * 37 + y * 11 + x * 7 + c * 101) % 256;
    const second = await SecondStage.open(secondPath, meta.classes.slice(0, -1), 1);
    try {
      const probs = await second.classifyCrops(bytes, check!.crops);
      check!.probabilities.forEach((row, k) => row.forEach((p, c) => expect(Math.abs(probs[k * row.length + c]! - p), `crop ${k} class ${c}`).toBeLessThan(1e-3)));
    } finally {
      await second.release();
    }
  });
});
