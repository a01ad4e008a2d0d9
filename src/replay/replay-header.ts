import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Scenario } from '../sim/scenario.js';
import { defaultModelPath } from '../vision/model-paths.js';
import { REPLAY_FORMAT, REPLAY_VERSION, type ReplayHeader } from './replay-format.js';

export interface HeaderFacts {
  programVersion: string;
  recordedAt: Date;
  scenario: Scenario;
  seed: number;
  provider: string;
  model: string;
  providerNote?: string;
  instruction: string;
  maxSteps: number;
  maxTotalTokens?: number;
  parameters: Record<string, number | string | boolean>;
  detectorModelPath?: string;
  externalServers: string[];
  session?: ReplayHeader['session'];
}

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export function scenarioHash(scenario: Scenario): string {
  return sha256(JSON.stringify(scenario));
}

/** The file hash of the detector, so a replay can tell when the model changed under it. */
export function detectorHash(modelPath = defaultModelPath()): string {
  try {
    return sha256(readFileSync(modelPath));
  } catch {
    return 'missing';
  }
}

export function buildReplayHeader(f: HeaderFacts): ReplayHeader {
  return {
    type: 'header',
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    program: { name: 'robot-agent', version: f.programVersion },
    recordedAt: f.recordedAt.toISOString(),
    scenario: { name: f.scenario.name, sha256: scenarioHash(f.scenario), content: f.scenario as unknown as Record<string, unknown> },
    seed: f.seed,
    provider: f.provider,
    model: f.model,
    ...(f.providerNote ? { providerNote: f.providerNote } : {}),
    instruction: f.instruction,
    ...(f.session ? { session: f.session } : {}),
    config: {
      maxSteps: f.maxSteps,
      ...(f.maxTotalTokens ? { maxTotalTokens: f.maxTotalTokens } : {}),
      parameters: f.parameters,
      detectorSha256: detectorHash(f.detectorModelPath),
      externalServers: f.externalServers,
    },
  };
}
