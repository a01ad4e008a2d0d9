import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's `models/` directory: next to `src/` and `dist/`, found from this module. */
export function modelsDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'models');
}

export function defaultModelPath(): string {
  return resolve(modelsDir(), 'detector.onnx');
}

/** The metadata file that goes with a model: same path, `.json` instead of `.onnx`. */
export function metadataPathFor(modelPath: string): string {
  return modelPath.replace(/\.onnx$/i, '') + '.json';
}

/** A file a model's metadata names (e.g. `secondStage.model`): relative to the model's directory. */
export function besideModel(modelPath: string, file: string): string {
  return resolve(dirname(modelPath), file);
}

/** A path as a user would type it: relative to the working directory when inside it. */
export function displayPath(p: string, cwd = process.cwd()): string {
  const abs = resolve(p);
  const rel = relative(cwd, abs);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
}
