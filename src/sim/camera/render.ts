import type { CameraFrame } from '../../core/camera-frame.js';
import type { Pose } from '../../core/geometry.js';
import type { Rng } from '../../core/rng.js';
import { DEFAULT_ROBOT_CONFIG } from '../robot-config.js';
import type { World } from '../world.js';
import { cameraModel, type CameraModel, type CameraRig } from '../../core/camera-model.js';
import { renderKey, type LastRender } from './last-render.js';
import { quantizeWithNoise } from './noise.js';
import { NoiseStream } from './noise-stream.js';
import { pixelRays } from './rays.js';
import { drawRoom } from './room-surfaces.js';
import { sceneFromWorld, type Scene } from './scene.js';
import { shade } from './shading.js';
import { drawSolids } from './solids.js';

/**
 * The CPU renderer: one ray per pixel. The room box (floor, walls, ceiling) is intersected
 * analytically for every pixel; each solid is then ray-cast only inside its projected screen
 * rectangle with a depth test, which keeps a 320×240 frame at a few milliseconds. A shading
 * pass applies textures, floor patches, Lambert light from the ceiling lamp plus ambient, soft
 * floor shadows, and finally sensor noise from the injected rng.
 */

/** Bumped whenever the renderer's output for the same inputs changes (recorded in datasets). */
export const RENDERER_VERSION = 1;

export interface RenderOptions {
  /** Source of the sensor noise; one draw per frame, so consecutive frames differ. Pass a
   *  stream dedicated to the camera (e.g. `rng.fork('camera')`), as a NoiseStream to take the
   *  frames prepareFrame finished ahead. */
  rng: Pick<Rng, 'next'>;
  /** Robot time of capture, seconds (copied into the frame). */
  time?: number;
  camera?: CameraRig;
}

export interface RenderResult {
  frame: CameraFrame;
  /** Per pixel: index into `scene.objects` of the object seen there, or -1. */
  objectIds: Int16Array;
  /** Per scene object: pixels it would cover with nothing in front of it (inside the image). */
  unoccludedPixels: Int32Array;
  scene: Scene;
  model: CameraModel;
}

interface Scratch {
  depth: Float64Array;
  surface: Uint8Array;
  solidIds: Int16Array;
  objectIds: Int16Array;
  normals: Float32Array;
  radiance: Float32Array;
}
/** Working buffers reused across frames of the same size: allocating ~2 MB per frame made the
 *  garbage collector a visible share of render time. Nothing returned to callers aliases them. */
let scratch: Scratch | null = null;
/** What the scratch buffers hold: the noiseless render of `last.key`. */
let last: LastRender | null = null;

function scratchBuffers(n: number): Scratch {
  if (!scratch || scratch.depth.length !== n) {
    scratch = {
      depth: new Float64Array(n),
      surface: new Uint8Array(n),
      solidIds: new Int16Array(n),
      objectIds: new Int16Array(n),
      normals: new Float32Array(n * 3),
      radiance: new Float32Array(n * 3),
    };
  }
  return scratch;
}

/** Renders what the robot's camera sees in a world, held objects excluded. */
export function renderFrame(world: World, pose: Pose, opts: RenderOptions): CameraFrame {
  // Only the picture: no copy of the object-id buffer, which only labelling reads.
  return render(sceneFromWorld(world), pose, worldCamera(world, opts), opts).frame;
}

/** Like `renderFrame`, with the object-id buffer ground-truth labelling needs. */
export function renderWorld(world: World, pose: Pose, opts: RenderOptions): RenderResult {
  return renderScene(sceneFromWorld(world), pose, { ...opts, camera: worldCamera(world, opts) });
}

export function renderScene(scene: Scene, pose: Pose, opts: RenderOptions): RenderResult {
  const { frame, model, noiseless } = render(scene, pose, opts.camera ?? DEFAULT_ROBOT_CONFIG.camera, opts);
  // Copies: the caller may keep or change its buffers, and the next frame may reuse these.
  return { frame, objectIds: noiseless.objectIds.slice(), unoccludedPixels: noiseless.unoccludedPixels.slice(), scene, model };
}

function worldCamera(world: World, opts: Pick<RenderOptions, 'camera'>): CameraRig {
  return opts.camera ?? world.config.camera;
}

/**
 * Renders the frame the camera would see from `pose`, so that a frame captured there next costs
 * nothing: the robot calls this for its next view while the detector works on the current one
 * (SimulatorBackend.prepareFrameAfter). With `noise`, the noise too, from its next draw (not
 * taken: the capture takes it); without, only the noiseless part.
 */
export function prepareFrame(world: World, pose: Pose, noise?: NoiseStream): void {
  const camera = worldCamera(world, {});
  const scene = sceneFromWorld(world);
  const drawn = noiseless(scene, camera, cameraModel(camera, pose), pose);
  if (!noise || drawn.ahead) return;
  const draw = noise.peek();
  drawn.ahead = { draw, sigma: scene.noiseSigma, rgb: quantized(drawn.radiance, scene.noiseSigma, { next: () => draw }) };
}

/** A frame's bytes: the radiance with one draw's sensor noise. */
function quantized(radiance: Float32Array, sigma: number, rng: Pick<Rng, 'next'>): Uint8Array {
  const rgb = new Uint8Array(radiance.length);
  quantizeWithNoise(radiance, rgb, sigma, rng);
  return rgb;
}

/** The noiseless render of this view: the memo's when it is of the same inputs. */
function noiseless(scene: Scene, camera: CameraRig, model: CameraModel, pose: Pose): LastRender {
  const key = renderKey(scene, camera, pose);
  if (last?.key !== key) {
    last = null; // the scratch buffers are about to change: a render that throws leaves no stale memo
    last = renderNoiseless(scene, model, key);
  }
  return last;
}

function render(scene: Scene, pose: Pose, camera: CameraRig, opts: RenderOptions): { frame: CameraFrame; model: CameraModel; noiseless: LastRender } {
  const model = cameraModel(camera, pose);
  const drawn = noiseless(scene, camera, model, pose);
  const rgb = preparedNoisy(drawn, scene.noiseSigma, opts.rng) ?? quantized(drawn.radiance, scene.noiseSigma, opts.rng);
  // Handed out: the frame owns these bytes now, and the next capture here draws other noise.
  drawn.ahead = undefined;
  const frame: CameraFrame = {
    width: model.width,
    height: model.height,
    rgb,
    pose: { x: pose.x, y: pose.y, heading: pose.heading },
    camera: { ...camera },
    time: opts.time ?? 0,
  };
  return { frame, model, noiseless: drawn };
}

/** The frame finished ahead for this view, when the noise it was made with is the draw this
 *  capture takes (then taken): the bytes are a function of that draw alone. */
function preparedNoisy(drawn: LastRender, sigma: number, rng: Pick<Rng, 'next'>): Uint8Array | undefined {
  const ahead = drawn.ahead;
  if (!ahead || !(rng instanceof NoiseStream) || ahead.sigma !== sigma || rng.peek() !== ahead.draw) return undefined;
  rng.next();
  return ahead.rgb;
}

/** Ray casting and shading: everything but the sensor noise. */
function renderNoiseless(scene: Scene, model: CameraModel, key: string): LastRender {
  const N = model.width * model.height;
  const { depth, surface, solidIds, objectIds, normals, radiance } = scratchBuffers(N);
  const rays = pixelRays(model);
  drawRoom(scene, model, rays, depth, surface);
  const unoccludedPixels = new Int32Array(scene.objects.length);
  drawSolids(scene, model, rays, { depth, solidIds, objectIds, normals, unoccludedPixels });
  shade(scene, model, rays, { depth, surface, solidIds, normals, out: radiance });
  return { key, radiance, objectIds, unoccludedPixels };
}
