import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { REPLAY_FORMAT, REPLAY_VERSION, type ReplayHeader } from './replay-format.js';

/**
 * The scenario as the header stores it: plain JSON with a name. The format does not know the
 * scenario schema; the runtime validates the content when it rebuilds the world.
 */
export type ScenarioJson = { name: string } & Record<string, unknown>;

/** Where a session mission started (see ReplayHeader.session). */
export type SessionPlace = NonNullable<ReplayHeader['session']>;

export interface HeaderFacts {
  programVersion: string;
  recordedAt: Date;
  scenario: ScenarioJson;
  seed: number;
  provider: string;
  model: string;
  providerNote?: string;
  instruction: string;
  maxSteps: number;
  maxTotalTokens?: number;
  parameters: Record<string, number | string | boolean>;
  detectorSha256: string;
  externalServers: string[];
  session?: SessionPlace;
  /** The robot, when not the simulator. */
  robot?: NonNullable<ReplayHeader['robot']>;
}

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export function scenarioHash(scenario: ScenarioJson): string {
  return sha256(JSON.stringify(scenario));
}

/** The file hash of the detector, so a replay can tell when the model changed under it. */
export function detectorHash(modelPath: string): string {
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
    scenario: { name: f.scenario.name, sha256: scenarioHash(f.scenario), content: f.scenario },
    seed: f.seed,
    provider: f.provider,
    model: f.model,
    ...(f.providerNote ? { providerNote: f.providerNote } : {}),
    instruction: f.instruction,
    ...(f.robot ? { robot: f.robot } : {}),
    ...(f.session ? { session: f.session } : {}),
    config: {
      maxSteps: f.maxSteps,
      ...(f.maxTotalTokens ? { maxTotalTokens: f.maxTotalTokens } : {}),
      parameters: f.parameters,
      detectorSha256: f.detectorSha256,
      externalServers: f.externalServers,
    },
  };
}
