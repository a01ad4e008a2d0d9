import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../../src/core/rng.js';
import { loadScenario } from '../../../src/sim/scenario.js';
import { World } from '../../../src/sim/world.js';
import { randomView, renderScene, renderWorld, type RenderResult } from '../../../src/sim/camera/index.js';

/**
 * The renderer's output pinned byte for byte: detections, the committed recordings and their
 * replays all depend on the exact pixels, so a speed-up of the renderer must not move one bit.
 * The hashes were computed with the renderer as it was before its per-pixel loops were reworked
 * for speed; a deliberate change of the picture bumps RENDERER_VERSION and these hashes together.
 */

function digest(results: RenderResult[]): string {
  const h = createHash('sha256');
  for (const r of results) {
    h.update(r.frame.rgb);
    h.update(new Uint8Array(r.objectIds.buffer, r.objectIds.byteOffset, r.objectIds.byteLength));
    h.update(new Uint8Array(r.unoccludedPixels.buffer, r.unoccludedPixels.byteOffset, r.unoccludedPixels.byteLength));
  }
  return h.digest('hex').slice(0, 32);
}

/** Poses all round the room, so every wall, the ceiling-free floor, obstacles and objects show. */
function scenarioFrames(name: string, count: number): RenderResult[] {
  const world = new World(loadScenario(name));
  const rng = new SeededRng(7).fork('camera');
  const out: RenderResult[] = [];
  for (let k = 0; k < count; k++) {
    const pose = { x: 1 + 0.2 * k, y: 1 + 0.1 * k, heading: 0.3 * k };
    out.push(renderWorld(world, pose, { rng, time: k }));
  }
  return out;
}

describe('rendered frames stay byte-identical', () => {
  it('warehouse, 24 poses round the room', () => {
    expect(digest(scenarioFrames('warehouse', 24))).toBe('eff67998162a6c475e687cbd7cacd27c');
  });

  it('dim and cluttered scenarios', () => {
    expect(digest([...scenarioFrames('dim', 6), ...scenarioFrames('cluttered', 6)])).toBe('99848aff23d1b770da338696a2b15001');
  });

  it('randomized training rooms (textures, patches, balls, cylinders, tilted camera)', () => {
    const rng = new SeededRng(11);
    const out: RenderResult[] = [];
    for (let k = 0; k < 12; k++) {
      const view = randomView(rng.fork(`view-${k}`));
      out.push(renderScene(view.scene, view.pose, { rng: rng.fork(`noise-${k}`), camera: view.camera }));
    }
    expect(digest(out)).toBe('1bbca743e6762db1de1d7ab51abe0d43');
  });
});
