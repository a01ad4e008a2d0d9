import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.js';
import { DEFAULT_ROBOT_CONFIG } from '../../../src/sim/robot-config.js';
import { DETECTION_CLASSES, classIndex, labelFrame, renderWorld } from '../../../src/sim/camera/index.js';
import { projectToImage } from '../../../src/core/camera-model.js';
import { roomWorld, START_POSE } from './fixtures.js';

const camera = DEFAULT_ROBOT_CONFIG.camera;

describe('ground-truth labels', () => {
  it('has 12 classes, colour-major in the fixed order', () => {
    expect(DETECTION_CLASSES).toEqual([
      'red_cube', 'red_ball', 'red_cylinder', 'green_cube', 'green_ball', 'green_cylinder',
      'blue_cube', 'blue_ball', 'blue_cylinder', 'yellow_cube', 'yellow_ball', 'yellow_cylinder',
    ]);
    expect(classIndex('blue', 'ball')).toBe(7);
  });

  it('boxes a visible object tightly around its projection, with distance and class', () => {
    const world = roomWorld({ objects: [{ id: 'cyl', color: 'green', shape: 'cylinder', size: 0.1, x: 3, y: 4.2 }] });
    const [box, ...rest] = labelFrame(renderWorld(world, START_POSE, { rng: new SeededRng(1) }));
    expect(rest).toHaveLength(0);
    expect(box!.cls).toBe('green_cylinder');
    expect(box!.clsIndex).toBe(5);
    expect(box!.visibility).toBe(1);
    expect(box!.distanceM).toBeCloseTo(Math.hypot(3 - 1.2, 0.2), 6);
    const top = projectToImage(camera, START_POSE, { x: 3, y: 4.2, z: 0.14 })!;
    const bottom = projectToImage(camera, START_POSE, { x: 3, y: 4.2, z: 0 })!;
    expect(box!.x1).toBeLessThan(top.u);
    expect(box!.x2).toBeGreaterThan(top.u);
    // The top rim and the bottom edge (front of the base circle) bound the box vertically.
    expect(Math.abs(box!.y1 - top.v)).toBeLessThan(4);
    expect(Math.abs(box!.y2 - bottom.v)).toBeLessThan(4);
  });

  it('excludes an object hidden behind an obstacle and gives a partly hidden one its visible extent', () => {
    const objects = [
      { id: 'hidden', color: 'red', shape: 'cube', x: 4, y: 4 },
      { id: 'partial', color: 'blue', shape: 'ball', x: 4, y: 4.3 },
    ];
    const obstacles = [{ id: 'wall', x: 3, y: 3.95, width: 0.1, depth: 0.5, height: 0.5 }];
    const open = labelFrame(renderWorld(roomWorld({ objects }), START_POSE, { rng: new SeededRng(1) }));
    const blocked = labelFrame(renderWorld(roomWorld({ objects, obstacles }), START_POSE, { rng: new SeededRng(1) }));
    expect(open.map((b) => b.objectId).sort()).toEqual(['hidden', 'partial']);
    expect(blocked.map((b) => b.objectId)).toEqual(['partial']);
    const full = open.find((b) => b.objectId === 'partial')!;
    const part = blocked[0]!;
    expect(part.visibility).toBeLessThan(0.9);
    expect(part.visibility).toBeGreaterThan(0.05);
    expect(part.x2 - part.x1).toBeLessThan(full.x2 - full.x1);
  });

  it('skips objects too small to see (fewer than ~12 pixels)', () => {
    const world = roomWorld({ objects: [{ id: 'far', color: 'yellow', shape: 'ball', size: 0.05, x: 9.8, y: 4 }] });
    expect(labelFrame(renderWorld(world, START_POSE, { rng: new SeededRng(1) }))).toEqual([]);
  });
});
