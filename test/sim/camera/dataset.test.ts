import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DETECTION_CLASSES, RENDERER_VERSION } from '../../../src/sim/camera/index.js';
import { decodePng } from '../../../src/core/png.js';
import { exportDataset, datasetFrame, type DatasetLabelLine } from '../../../src/tools/dataset.js';

const dirs: string[] = [];
function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'robot-agent-dataset-'));
  dirs.push(d);
  return d;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('dataset export', () => {
  it('writes images, one label line per image and metadata that agree with each other', async () => {
    const out = tmp();
    const progress: number[] = [];
    const summary = await exportDataset({ outDir: out, count: 6, seed: 11, onProgress: (d) => progress.push(d) });
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    expect(readdirSync(join(out, 'images')).sort()).toEqual(['000000.png', '000001.png', '000002.png', '000003.png', '000004.png', '000005.png']);
    const lines = readFileSync(join(out, 'labels.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as DatasetLabelLine);
    expect(lines).toHaveLength(6);
    const meta = JSON.parse(readFileSync(join(out, 'dataset.json'), 'utf8'));
    expect(meta).toMatchObject({ seed: 11, count: 6, classes: DETECTION_CLASSES, rendererVersion: RENDERER_VERSION });
    let boxes = 0;
    lines.forEach((line, i) => {
      expect(line.file).toBe(`images/${String(i).padStart(6, '0')}.png`);
      const img = decodePng(readFileSync(join(out, line.file)));
      expect([img.width, img.height]).toEqual([line.width, line.height]);
      for (const b of line.boxes) {
        expect(DETECTION_CLASSES[b.clsIndex]).toBe(b.cls);
        expect(0 <= b.x1 && b.x1 < b.x2 && b.x2 <= line.width).toBe(true);
        expect(0 <= b.y1 && b.y1 < b.y2 && b.y2 <= line.height).toBe(true);
        expect(b.distanceM).toBeGreaterThan(0);
      }
      boxes += line.boxes.length;
    });
    expect(meta.boxes).toBe(boxes);
    expect(summary).toMatchObject({ count: 6, seed: 11, boxes });
  });

  it('is fully determined by the seed', async () => {
    const a = tmp();
    const b = tmp();
    await exportDataset({ outDir: a, count: 2, seed: 5 });
    await exportDataset({ outDir: b, count: 2, seed: 5 });
    for (const f of ['labels.jsonl', 'dataset.json', 'images/000000.png', 'images/000001.png']) {
      expect(readFileSync(join(a, f)).equals(readFileSync(join(b, f)))).toBe(true);
    }
    expect(Buffer.from(datasetFrame(5, 0).frame.rgb).equals(Buffer.from(datasetFrame(6, 0).frame.rgb))).toBe(false);
  });
});
