import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.js';
import { OBJECT_ALBEDO, labelFrame, renderScene } from '../../../src/sim/camera/index.js';
import { randomView } from '../../../src/sim/camera/randomize.js';

describe('domain randomization', () => {
  const views = Array.from({ length: 60 }, (_, i) => {
    const rng = new SeededRng(77).fork(`view:${i}`);
    const view = randomView(rng);
    return { view, boxes: labelFrame(renderScene(view.scene, view.pose, { rng, camera: view.camera })) };
  });

  it('gives many frames with objects from close range out to 4+ m, and some with none', () => {
    const withObjects = views.filter((v) => v.boxes.length > 0).length;
    const distances = views.flatMap((v) => v.boxes.map((b) => b.distanceM));
    expect(withObjects).toBeGreaterThan(40);
    expect(withObjects).toBeLessThan(60);
    expect(distances.filter((d) => d >= 3 && d <= 4.5).length).toBeGreaterThan(10);
    expect(distances.filter((d) => d < 1.5).length).toBeGreaterThan(10);
  });

  it('varies lighting, camera mount and rooms within their ranges', () => {
    for (const { view } of views) {
      expect(view.scene.lighting.brightness).toBeGreaterThanOrEqual(0.25);
      expect(view.scene.lighting.brightness).toBeLessThanOrEqual(1.6);
      expect(Math.abs(view.camera.height - 0.45)).toBeLessThanOrEqual(0.04);
      expect(Math.abs(view.camera.rollDeg!)).toBeLessThanOrEqual(2);
      for (const o of view.scene.objects) {
        expect(o.size).toBeGreaterThanOrEqual(0.08);
        expect(o.size).toBeLessThanOrEqual(0.16);
      }
    }
    const kinds = new Set(views.map((v) => v.view.scene.floor.texture.kind));
    expect(kinds.size).toBeGreaterThanOrEqual(3);
  });

  it('adds distractors that are not objects, none painted in an object colour', () => {
    const classColours = Object.values(OBJECT_ALBEDO);
    const distractors = views.flatMap((v) => v.view.scene.solids.filter((s) => s.objectIndex < 0 && s.kind !== 'box'));
    expect(distractors.length).toBeGreaterThan(20);
    for (const d of distractors) {
      expect(classColours.some((c) => c.every((v, k) => Math.abs(v - d.albedo[k]!) < 0.05))).toBe(false);
    }
  });

  it('is reproducible from the rng', () => {
    const a = randomView(new SeededRng(3));
    const b = randomView(new SeededRng(3));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
