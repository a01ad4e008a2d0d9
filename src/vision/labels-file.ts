import { readTextFile } from '../core/read-file.js';
import { DetectorError } from './detector-error.js';
import { displayPath } from './model-paths.js';

/**
 * Class names for a user's YOLO model: a JSON array (["person", "bicycle", …]), a JSON object
 * keyed by class index ({"0": "person", …}, as Ultralytics stores `names`), or plain text with
 * one label per line (blank lines and lines starting with # are ignored).
 */
export function parseLabels(text: string, source = 'labels file'): string[] {
  const trimmed = text.trim();
  let labels: string[];
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let raw: unknown;
    try {
      raw = JSON.parse(trimmed);
    } catch (e) {
      throw new DetectorError(`${source} is not valid JSON (${(e as Error).message}): give a JSON array of names or one label per line`);
    }
    if (Array.isArray(raw)) {
      labels = raw.map((v) => String(v));
    } else {
      const entries = Object.entries(raw as Record<string, unknown>);
      if (!entries.every(([k]) => /^\d+$/.test(k))) throw new DetectorError(`${source}: JSON object keys must be class indices ("0", "1", …)`);
      labels = [];
      for (const [k, v] of entries) labels[Number(k)] = String(v);
      if (labels.some((l) => l === undefined) || labels.length !== entries.length) throw new DetectorError(`${source}: class indices must run 0..N-1 without gaps`);
    }
  } else {
    labels = trimmed
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
  }
  if (labels.length === 0) throw new DetectorError(`${source} has no labels: put one class name per line, in the model's class order`);
  if (labels.some((l) => !l.trim())) throw new DetectorError(`${source} has an empty label: every class needs a name`);
  return labels;
}

export function loadLabelsFile(file: string): string[] {
  const text = readTextFile(file, { what: 'labels file', shown: displayPath(file), hint: 'check the --detector-labels path', errorClass: DetectorError });
  return parseLabels(text, `labels file ${displayPath(file)}`);
}
