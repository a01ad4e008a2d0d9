import { fileLineSink, imageDirectory } from '../replay/file-sink.js';
import { MissionRecorder } from '../replay/recorder.js';
import { buildReplayHeader, detectorHash, type SessionPlace } from '../replay/replay-header.js';
import { defaultModelPath } from '../vision/model-paths.js';
import type { MissionOptions, MissionRuntime } from './mission-runtime.js';

/** Where and how to record one mission; the rest of the header comes from the runtime and the mission. */
export interface RecordingPlan {
  path: string;
  recordedAt: Date;
  /** Why the provider is not what its name suggests (a local stand-in API, a replay). */
  providerNote?: string;
  /** For missions of an interactive session: where in the session the mission starts. */
  session?: SessionPlace;
}

/**
 * Starts the recording of a mission about to run in `runtime`: `run`, the interactive session and
 * re-recorded replays all build their header here. Throws when the file cannot be created (it is
 * never overwritten). Pass the recorder to `runtime.runMission`, which feeds and closes it.
 */
export function openMissionRecording(
  runtime: MissionRuntime,
  mission: Pick<MissionOptions, 'instruction' | 'provider' | 'maxSteps' | 'maxTotalTokens' | 'signal'>,
  plan: RecordingPlan,
): MissionRecorder {
  const { facts } = runtime;
  const header = buildReplayHeader({
    programVersion: facts.version,
    recordedAt: plan.recordedAt,
    scenario: runtime.scenario,
    seed: facts.seed,
    provider: mission.provider.name,
    model: mission.provider.model,
    ...(plan.providerNote ? { providerNote: plan.providerNote } : {}),
    instruction: mission.instruction,
    maxSteps: mission.maxSteps,
    maxTotalTokens: mission.maxTotalTokens,
    // The world's parameters as the mission starts (an earlier mission of a session may have set them).
    parameters: runtime.assembly.robot.parameters.snapshot(),
    detectorSha256: detectorHash(facts.detectorModelPath ?? defaultModelPath()),
    externalServers: facts.externalServers,
    ...(facts.robot ? { robot: facts.robot } : {}),
    ...(plan.session ? { session: plan.session } : {}),
  });
  const recorder = new MissionRecorder(fileLineSink(plan.path), header, imageDirectory(plan.path));
  // A cancellation is part of what happened: recorded with the robot time it came at, so a replay
  // cancels at the same point rather than reporting the cancelled call as a divergence.
  const { assembly } = runtime;
  const recordCancellation = () => recorder.recordCancellation(assembly.robotTime(), assembly.robot.emergencyStopped);
  if (mission.signal?.aborted) recordCancellation(); // cancelled while the mission was being set up
  else mission.signal?.addEventListener('abort', recordCancellation, { once: true });
  return recorder;
}
