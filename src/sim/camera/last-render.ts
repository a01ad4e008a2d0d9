import type { Pose } from '../../core/geometry.js';
import type { CameraRig } from '../../core/camera-model.js';
import type { Scene } from './scene.js';

/**
 * The noiseless part of the last frame rendered (radiance, object ids, unoccluded pixel counts),
 * with the inputs it was rendered from. A robot often captures twice where it stands (a
 * detection, then the first view of a scan from the same heading), and only the sensor noise
 * differs between the two: the second frame then skips ray casting and shading, which early in
 * a process still run interpreted and are the costliest frames of a mission.
 */

/** Everything the noiseless render depends on, as one string: two renders with equal keys
 *  produce the same radiance, bit for bit. JSON keeps every number exactly (it prints the
 *  shortest string that reads back to the same double) except −0, which it prints as 0, so −0
 *  is spelled out: a sign can reach the pixels through a division. */
export function renderKey(scene: Scene, camera: CameraRig, pose: Pose): string {
  return JSON.stringify([scene, camera, pose.x, pose.y, pose.heading], (_k, v: unknown) => (Object.is(v, -0) ? '-0' : v));
}

export interface LastRender {
  key: string;
  /** Per-pixel linear radiance, the buffer the shading pass wrote. */
  radiance: Float32Array;
  objectIds: Int16Array;
  unoccludedPixels: Int32Array;
  /** The noisy frame of this view, finished ahead with the noise stream's next draw
   *  (prepareFrame): the capture takes it when its own draw is that one. */
  ahead?: { draw: number; sigma: number; rgb: Uint8Array };
}
