import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.js';
import { DEFAULT_ROBOT_CONFIG } from '../../../src/sim/robot-config.js';
import { loadScenario } from '../../../src/sim/scenario.js';
import { World } from '../../../src/sim/world.js';
import { renderFrame, renderWorld } from '../../../src/sim/camera/index.js';
import { projectToImage, pixelToPlane, cameraModel } from '../../../src/core/camera-model.js';
import { meanColor, roomWorld, START_POSE } from './fixtures.js';

const camera = DEFAULT_ROBOT_CONFIG.camera;

describe('camera renderer', () => {
  it('renders a frame of the configured size with the capture pose and time', () => {
    const frame = renderFrame(roomWorld(), START_POSE, { rng: new SeededRng(1), time: 12.5 });
    expect(frame.width).toBe(camera.width);
    expect(frame.height).toBe(camera.heightPx);
    expect(frame.rgb.length).toBe(camera.width * camera.heightPx * 3);
    expect(frame.pose).toEqual(START_POSE);
    expect(frame.time).toBe(12.5);
  });

  it('is deterministic: same world, pose and seed give byte-identical frames', () => {
    const world = new World(loadScenario('warehouse'));
    const pose = { x: 1, y: 1, heading: 0.6 };
    const a = renderFrame(world, pose, { rng: new SeededRng(42) });
    const b = renderFrame(world, pose, { rng: new SeededRng(42) });
    expect(Buffer.from(a.rgb).equals(Buffer.from(b.rgb))).toBe(true);
  });

  it('draws sensor noise from the injected rng: another seed changes pixels but not the picture', () => {
    const world = new World(loadScenario('warehouse'));
    const pose = { x: 1, y: 1, heading: 0.6 };
    const a = renderFrame(world, pose, { rng: new SeededRng(1) });
    const b = renderFrame(world, pose, { rng: new SeededRng(2) });
    let differing = 0;
    let sumDiff = 0;
    for (let i = 0; i < a.rgb.length; i++) {
      const d = Math.abs(a.rgb[i]! - b.rgb[i]!);
      if (d > 0) differing++;
      sumDiff += d;
    }
    expect(differing / a.rgb.length).toBeGreaterThan(0.3);
    expect(sumDiff / a.rgb.length).toBeLessThan(6); // noise, not a different scene
  });

  it('advances the rng once per frame, so consecutive frames from one stream differ', () => {
    const world = roomWorld();
    const rng = new SeededRng(5);
    const a = renderFrame(world, START_POSE, { rng });
    const b = renderFrame(world, START_POSE, { rng });
    expect(Buffer.from(a.rgb).equals(Buffer.from(b.rgb))).toBe(false);
  });

  it('draws an object where projectToImage says it is', () => {
    for (const [color, channel] of [['red', 0], ['green', 1], ['blue', 2]] as const) {
      for (const y of [3.6, 4, 4.5]) {
        const world = roomWorld({ objects: [{ id: 'o', color, shape: 'cube', size: 0.12, x: 2.5, y }] });
        const frame = renderFrame(world, START_POSE, { rng: new SeededRng(3) });
        const p = projectToImage(camera, START_POSE, { x: 2.5, y, z: 0.06 });
        expect(p).not.toBeNull();
        const c = meanColor(frame, p!.u, p!.v);
        const others = [0, 1, 2].filter((k) => k !== channel).map((k) => c[k]!);
        expect(c[channel]).toBeGreaterThan(1.8 * Math.max(...others));
      }
    }
  });

  it('projects the optical axis to the image centre and points behind the camera to null', () => {
    const model = cameraModel(camera, START_POSE);
    const ahead = { x: model.origin.x + model.forward.x * 3, y: model.origin.y + model.forward.y * 3, z: model.origin.z + model.forward.z * 3 };
    const p = projectToImage(camera, START_POSE, ahead)!;
    expect(p.u).toBeCloseTo(camera.width / 2, 6);
    expect(p.v).toBeCloseTo(camera.heightPx / 2, 6);
    expect(p.depth).toBeCloseTo(3, 6);
    expect(projectToImage(camera, START_POSE, { x: 0.5, y: 4, z: 0 })).toBeNull();
    // pixelToPlane inverts the projection of a floor point.
    const floor = projectToImage(camera, START_POSE, { x: 3.2, y: 4.7, z: 0 })!;
    const back = pixelToPlane(model, floor.u, floor.v, 0)!;
    expect(back.x).toBeCloseTo(3.2, 6);
    expect(back.y).toBeCloseTo(4.7, 6);
  });

  it('follows the robot pose: an object seen ahead leaves the view when the robot turns away', () => {
    const world = roomWorld({ objects: [{ id: 'o', color: 'yellow', shape: 'ball', x: 3, y: 4 }] });
    const ahead = renderWorld(world, START_POSE, { rng: new SeededRng(1) });
    const turned = renderWorld(world, { ...START_POSE, heading: Math.PI }, { rng: new SeededRng(1) });
    expect(ahead.objectIds.some((k) => k === 0)).toBe(true);
    expect(turned.objectIds.some((k) => k === 0)).toBe(false);
  });

  it('does not draw an object the robot holds', () => {
    const world = roomWorld({ objects: [{ id: 'o', color: 'red', shape: 'cube', x: 2.5, y: 4 }] });
    world.objects[0]!.heldBy = 'robot';
    const result = renderWorld(world, START_POSE, { rng: new SeededRng(1) });
    expect(result.scene.objects).toHaveLength(0);
    expect(result.objectIds.every((k) => k === -1)).toBe(true);
  });

  it('renders dim scenarios darker than well-lit ones', () => {
    const pose = { x: 1, y: 1, heading: 0.6 };
    const mean = (f: { rgb: Uint8Array }) => f.rgb.reduce((s, v) => s + v, 0) / f.rgb.length;
    const bright = renderFrame(new World(loadScenario('warehouse')), pose, { rng: new SeededRng(1) });
    const dim = renderFrame(new World(loadScenario('dim')), pose, { rng: new SeededRng(1) });
    expect(mean(dim)).toBeLessThan(0.6 * mean(bright));
    expect(mean(dim)).toBeGreaterThan(15); // dark, not black
  });

  it('casts a soft shadow on the floor next to an obstacle', () => {
    const lit = renderFrame(roomWorld(), START_POSE, { rng: new SeededRng(1) });
    const world = roomWorld({ obstacles: [{ id: 'box', x: 3.5, y: 4.6, width: 0.5, depth: 0.5, height: 0.6 }] });
    const shaded = renderFrame(world, START_POSE, { rng: new SeededRng(1) });
    // Floor just in front of (camera side of) the box's foot, right at the contact line.
    const p = projectToImage(camera, START_POSE, { x: 3.2, y: 4.6, z: 0 })!;
    expect(meanColor(shaded, p.u, p.v, 1)[0]).toBeLessThan(0.9 * meanColor(lit, p.u, p.v, 1)[0]);
  });
});
