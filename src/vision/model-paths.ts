import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The vision modules name model files in their errors the way every other message names a path.
export { displayPath } from '../core/display-path.js';

/** The package's `models/` directory: next to `src/` and `dist/`, found from this module. */
export function modelsDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'models');
}

export function defaultModelPath(): string {
  return resolve(modelsDir(), 'detector.onnx');
}

/** The model a detector's options name: `--detector-model`'s path, or the committed one. */
export function chosenModelPath(modelPath: string | undefined): string {
  return modelPath ? resolve(modelPath) : defaultModelPath();
}

/** The metadata file that goes with a model: same path, `.json` instead of `.onnx`. */
export function metadataPathFor(modelPath: string): string {
  return modelPath.replace(/\.onnx$/i, '') + '.json';
}

/** A file a model's metadata names (e.g. `secondStage.model`): relative to the model's directory. */
export function besideModel(modelPath: string, file: string): string {
  return resolve(dirname(modelPath), file);
}

