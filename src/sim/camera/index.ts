/** The simulated camera: renderer, camera model, ground-truth labels and PNG I/O. */
export { renderFrame, renderWorld, renderScene, RENDERER_VERSION, type RenderOptions, type RenderResult } from './render.js';
export { cameraModel, projectPoint, projectToImage, pixelRay, pixelToPlane, NEAR_PLANE_M, type CameraModel, type CameraRig, type ImagePoint, type Vec3 } from './model.js';
export { sceneFromWorld, objectHeight, objectSolid, OBJECT_ALBEDO, type Scene, type Solid, type SceneObject } from './scene.js';
export { labelFrame, classIndex, DETECTION_CLASSES, MIN_LABEL_PIXELS, type GroundTruthBox } from './labels.js';
export { encodePng, decodePng, type RgbImage } from './png.js';
export { randomView, type RandomView } from './randomize.js';
