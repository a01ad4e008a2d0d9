/** The simulated camera: renderer, scene, ground-truth labels and training-view randomization
 *  (the camera model and PNG I/O are core: vision and the tools use them too). */
export { renderFrame, renderWorld, renderScene, RENDERER_VERSION, type RenderOptions, type RenderResult } from './render.js';
export { sceneFromWorld, objectSolid, OBJECT_ALBEDO, type Scene, type Solid, type SceneObject } from './scene.js';
export { labelFrame, classIndex, DETECTION_CLASSES, MIN_LABEL_PIXELS, type GroundTruthBox } from './labels.js';
export { randomView, type RandomView } from './randomize.js';
