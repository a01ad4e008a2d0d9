import { describe, expect, it } from 'vitest';
import { cameraModel } from '../../src/core/camera-model.js';
import { labelFrame, renderWorld } from '../../src/sim/camera/index.js';
import { DEFAULT_ROBOT_CONFIG } from '../../src/sim/robot-config.js';
import { SeededRng } from '../../src/core/rng.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { World } from '../../src/sim/world.js';
import { localizeDetection } from '../../src/vision/localize.js';
import { clipBox, projectObjectBox, type ObjectShapeKind } from '../../src/vision/object-geometry.js';

const camera = DEFAULT_ROBOT_CONFIG.camera;
const pose = { x: 2, y: 1.5, heading: 0.4 };

function placed(range: number, bearing: number) {
  return { x: pose.x + range * Math.cos(pose.heading + bearing), y: pose.y + range * Math.sin(pose.heading + bearing) };
}

describe('localizeDetection on projected boxes', () => {
  const shapes: ObjectShapeKind[] = ['cube', 'ball', 'cylinder'];
  for (const shape of shapes) {
    it(`round-trips a ${shape} from 0.8 to 4 m within 3 cm`, () => {
      const model = cameraModel(camera, pose);
      for (const range of [0.8, 1.2, 2, 3, 4]) {
        for (const bearing of [-0.45, -0.2, 0, 0.25, 0.45]) {
          for (const yaw of [0, 0.4, Math.PI / 4]) {
            const p = placed(range, bearing);
            const box = projectObjectBox(model, { shape, size: 0.12, ...p, yaw });
            expect(box).not.toBeNull();
            if (box!.x1 < 0 || box!.x2 > camera.width || box!.y2 > camera.heightPx) continue;
            const loc = localizeDetection({ label: `red_${shape}`, box: box! }, { pose, camera })!;
            expect(loc.method).toBe('fit');
            expect(Math.hypot(loc.x - p.x, loc.y - p.y)).toBeLessThan(0.03);
            expect(loc.rangeM).toBeCloseTo(range, 1);
            expect(loc.bearingRad).toBeCloseTo(bearing, 1);
          }
        }
      }
    });
  }

  it('stays within 12 cm at 3 m when every box edge is off by a pixel (one row is ~9 cm there)', () => {
    const model = cameraModel(camera, pose);
    const p = placed(3, 0.1);
    const b = projectObjectBox(model, { shape: 'cube', size: 0.12, ...p, yaw: 0.2 })!;
    for (const [dx1, dy1, dx2, dy2] of [
      [1, 1, 1, 1],
      [-1, -1, -1, -1],
      [-1, 1, 1, -1],
      [1, -1, -1, 1],
    ]) {
      const loc = localizeDetection({ label: 'blue_cube', box: { x1: b.x1 + dx1!, y1: b.y1 + dy1!, x2: b.x2 + dx2!, y2: b.y2 + dy2! } }, { pose, camera })!;
      expect(Math.hypot(loc.x - p.x, loc.y - p.y)).toBeLessThan(0.12);
    }
  });

  it('uses the object size when the bottom of the box is cut by the image edge', () => {
    const model = cameraModel(camera, pose);
    for (const [shape, range] of [
      ['ball', 0.65],
      ['cube', 0.6],
      ['cylinder', 0.6],
    ] as const) {
      const p = placed(range, 0.05);
      const full = projectObjectBox(model, { shape, size: 0.12, ...p })!;
      expect(full.y2).toBeGreaterThan(camera.heightPx);
      const box = clipBox(full, camera.width, camera.heightPx);
      const loc = localizeDetection({ label: `green_${shape}`, box }, { pose, camera })!;
      expect(Math.hypot(loc.x - p.x, loc.y - p.y), shape).toBeLessThan(0.03);
    }
  });

  it('honours a per-class size prior', () => {
    const model = cameraModel(camera, pose);
    const p = placed(2, 0);
    const box = projectObjectBox(model, { shape: 'cylinder', size: 0.2, ...p })!;
    const withPrior = localizeDetection({ label: 'yellow_cylinder', box }, { pose, camera }, { sizePrior: { yellow_cylinder: 0.2 } })!;
    expect(Math.hypot(withPrior.x - p.x, withPrior.y - p.y)).toBeLessThan(0.02);
  });

  it('falls back to the bottom-edge floor ray for labels with no known shape', () => {
    const model = cameraModel(camera, pose);
    const p = placed(2.5, -0.2);
    const b = projectObjectBox(model, { shape: 'cylinder', size: 0.02, ...p })!;
    const loc = localizeDetection({ label: 'person', box: b }, { pose, camera })!;
    expect(loc.method).toBe('ground');
    expect(Math.hypot(loc.x - p.x, loc.y - p.y)).toBeLessThan(0.03);
  });

  it('gives null for a box it cannot place: above the horizon with no shape, or empty', () => {
    expect(localizeDetection({ label: 'person', box: { x1: 150, y1: 10, x2: 170, y2: 30 } }, { pose, camera })).toBeNull();
    expect(localizeDetection({ label: 'red_ball', box: { x1: 150, y1: 240, x2: 170, y2: 240 } }, { pose, camera })).toBeNull();
  });
});

describe('localizeDetection on rendered frames (ground-truth boxes)', () => {
  it('places every labelled object of fixed warehouse views within 5 cm', () => {
    const world = new World(loadScenario('warehouse'));
    const views = [
      { x: 4.6, y: 3.3, heading: Math.PI / 2 }, // along the rack towards the red cube
      { x: 3.0, y: 1.3, heading: 0 }, // blue cube ahead at 1.6 m
      { x: 2.0, y: 3.9, heading: Math.PI / 2 }, // green ball ahead at 1.9 m
      { x: 6.0, y: 4.6, heading: 0.4 }, // yellow cylinder
      { x: 5.0, y: 5.0, heading: 0.8 }, // red cube
    ];
    let checked = 0;
    views.forEach((pose, k) => {
      const r = renderWorld(world, pose, { rng: new SeededRng(k) });
      for (const g of labelFrame(r)) {
        if (g.truncated || g.visibility < 0.9 || g.distanceM > 4) continue;
        const loc = localizeDetection({ label: g.cls, box: g }, { pose, camera: r.frame.camera })!;
        expect(Math.hypot(loc.x - g.world.x, loc.y - g.world.y), `${g.cls} from view ${k}`).toBeLessThan(0.05);
        checked++;
      }
    });
    expect(checked).toBeGreaterThanOrEqual(4);
  });
});
