import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultModelPath, metadataPathFor, modelsDir } from '../../src/vision/model-paths.js';

/** The committed detector's metadata and the second stage it names (models/detector.json). */
export function committedDetectorMetadata(): { classes: string[]; secondStage?: { model: string } } {
  return JSON.parse(readFileSync(metadataPathFor(defaultModelPath()), 'utf8'));
}

export function committedSecondStagePath(): string {
  return resolve(modelsDir(), committedDetectorMetadata().secondStage?.model ?? 'second-stage.onnx');
}
