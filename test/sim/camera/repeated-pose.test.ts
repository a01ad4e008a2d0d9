import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.js';
import { loadScenario } from '../../../src/sim/scenario.js';
import { World } from '../../../src/sim/world.js';
import { renderFrame, renderWorld, type RenderResult } from '../../../src/sim/camera/index.js';

/**
 * A frame captured where the previous one was reuses that frame's shading and draws only new
 * sensor noise. These tests pin that the pixels are those a full render gives: the digest was
 * computed by the renderer before it reused anything.
 */

const HERE = { x: 1, y: 1, heading: 0 };
const TURNED = { x: 1, y: 1, heading: 0.5 };

function bytes(r: RenderResult): Uint8Array[] {
  return [r.frame.rgb, new Uint8Array(r.objectIds.buffer), new Uint8Array(r.unoccludedPixels.buffer)];
}

/** Byte equality without a deep comparison of 230 000 elements one by one. */
function same(a: Int16Array | Int32Array | Uint8Array, b: Int16Array | Int32Array | Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

describe('frames from the pose of the frame before', () => {
  it('are byte for byte what the renderer gave before it reused shading', () => {
    const world = new World(loadScenario('warehouse'));
    const rng = new SeededRng(5).fork('camera');
    const h = createHash('sha256');
    for (const pose of [HERE, HERE, TURNED, TURNED, HERE]) for (const b of bytes(renderWorld(world, pose, { rng }))) h.update(b);
    expect(h.digest('hex').slice(0, 32)).toBe('02a938ea7877b0a763db534ed120a642');
  });

  it('differ from the frame before by the sensor noise only', () => {
    const world = new World(loadScenario('warehouse'));
    const rng = new SeededRng(5).fork('camera');
    const first = renderWorld(world, HERE, { rng });
    const second = renderWorld(world, HERE, { rng });
    expect(same(second.objectIds, first.objectIds)).toBe(true);
    expect(same(second.unoccludedPixels, first.unoccludedPixels)).toBe(true);
    expect(same(second.frame.rgb, first.frame.rgb)).toBe(false);
    // The noise is about ±2 levels: no channel moves far.
    let maxStep = 0;
    for (let i = 0; i < first.frame.rgb.length; i++) maxStep = Math.max(maxStep, Math.abs(first.frame.rgb[i]! - second.frame.rgb[i]!));
    expect(maxStep).toBeLessThan(20);
  });

  it('show what changed in the world since, at the same pose', () => {
    const world = new World(loadScenario('warehouse'));
    const rng = () => new SeededRng(5).fork('camera');
    const before = renderFrame(world, HERE, { rng: rng() });
    const shown = renderWorld(world, HERE, { rng: rng() }).objectIds.filter((id) => id >= 0).length;
    // Pick up everything in view: the same pose must now show none of it.
    for (const o of world.objects) o.heldBy = 'robot';
    const after = renderWorld(world, HERE, { rng: rng() });
    expect(shown).toBeGreaterThan(0);
    expect(after.objectIds.every((id) => id === -1)).toBe(true);
    expect(same(after.frame.rgb, before.rgb)).toBe(false);
  });
});
