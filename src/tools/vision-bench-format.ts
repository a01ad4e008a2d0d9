import type { VisionBenchReport } from './vision-bench.js';

/** Human-readable summary lines. */
export function formatVisionBench(r: VisionBenchReport): string[] {
  const t = Object.keys(r.detectMsMedian);
  const per = (rec: Record<string, number>) => t.map((k) => `${rec[k]} ms (${k} thread${k === '1' ? '' : 's'})`).join(', ');
  const lines = [
    `vision bench: ${r.frames} frames, seed ${r.seed}: ${r.sourceDescription}; model ${r.model}${r.secondStage ? ` + second stage ${r.secondStage}` : ' (no second stage)'}`,
    `  detection   mAP@0.5 ${r.mAP50.toFixed(3)} over ${r.perClass.length} classes; at confidence ${r.confidence}: precision ${r.precision.toFixed(3)}, recall ${r.recall.toFixed(3)} (${r.objects} objects; ${r.difficult} with under ${r.minPixels} visible px ignored)`,
    `  per class   ${r.perClass.map((c) => `${c.label} ${c.ap.toFixed(3)}`).join(', ')}`,
    `  recall by distance  ${r.recallByDistance
      .filter((b) => b.objects > 0)
      .map((b) => `${b.fromM}${b.toM === null ? '+' : `–${b.toM}`} m ${b.recall.toFixed(3)} (${b.objects})`)
      .join(', ')}`,
    r.locMatched
      ? `  location    median ${fmtM(r.locErrMedianM)}, p90 ${fmtM(r.locErrP90M)}, max ${fmtM(r.locErrMaxM)} over ${r.locMatched} matched objects within 4 m (scenario frames)`
      : '  location    not measured (randomized rooms vary object sizes away from the size prior localization uses; use --source scenarios, scenarios-any-class or mixed)',
    `  inference   median ${per(r.inferenceMsMedian)}`,
    `  full detect median ${per(r.detectMsMedian)} (pre-processing + inference + decoding${r.secondStage ? ` + second stage: ${per(r.secondStageMsMedian)}` : ''})`,
    `  session     creation ${r.sessionCreateMs} ms (${r.sessionFirstThreads} threads, the process's first: onnxruntime start-up included)` +
      Object.entries(r.sessionCreateMsByThreads)
        .filter(([k]) => k !== String(r.sessionFirstThreads))
        .map(([k, v]) => `, then ${v} ms (${k} thread${k === '1' ? '' : 's'})`)
        .join(''),
  ];
  return lines;
}

function fmtM(v: number): string {
  return Number.isFinite(v) ? `${(v * 100).toFixed(1)} cm` : 'n/a';
}
