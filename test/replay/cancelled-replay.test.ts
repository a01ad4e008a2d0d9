import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MissionSession } from '../../src/runtime/mission-session.js';
import { chooseProvider } from '../../src/runtime/provider-choice.js';
import { verifyReplay } from '../../src/runtime/replay-mission.js';
import { readReplay } from '../../src/replay/replay-reader.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { sharedDetector } from '../helpers/shared-detector.js';

/**
 * A mission cancelled by the operator mid-drive (the wall clock decides when, as a person would)
 * is recorded with the cancellation, and its replay cancels at the same robot time: every call,
 * the cancelled one included, matches.
 */
async function cancelledMission(stop: (session: MissionSession) => void) {
  const recordDir = mkdtempSync(join(tmpdir(), 'ra-cancel-'));
  const session = await MissionSession.open({
    scenario: loadScenario('warehouse'),
    seed: 3,
    realtime: true,
    sharedDetector: await sharedDetector(),
    provider: chooseProvider({}, { provider: 'planner' }),
    maxSteps: 40,
    recordDir,
    version: '0.0.0-test',
    env: {},
    oneShot: true,
  });
  session.onAction((a) => {
    if (a.type === 'tool_call_started' && a.name === 'navigate_to_zone') setTimeout(() => stop(session), 700);
  });
  try {
    const end = await session.runMission('go to bin b');
    expect(end?.outcome).toBe('aborted');
  } finally {
    await session.close();
  }
  return join(recordDir, readdirSync(recordDir).find((f) => f.endsWith('.jsonl'))!);
}

describe('replaying a cancelled mission', () => {
  it('re-applies a cancellation at the robot time it came and matches every call', async () => {
    const file = await cancelledMission((s) => s.cancel());
    const { events } = readReplay(file);
    const cancelled = events.find((e) => e.type === 'cancelled');
    expect(cancelled).toMatchObject({ type: 'cancelled', estop: false });
    const nav = events.find((e) => e.type === 'tool_call_finished' && e.name === 'navigate_to_zone');
    expect(nav).toMatchObject({ isError: true, result: { structuredContent: { error: { code: 'cancelled' } } } });
    const verdict = await verifyReplay(file, { version: '0.0.0-test', sharedDetector: await sharedDetector() });
    expect(verdict).toMatchObject({ ok: true, outcome: { recorded: 'aborted', actual: 'aborted' } });
  });

  it('re-applies the operator e-stop with the cancellation', async () => {
    const file = await cancelledMission((s) => s.emergencyStop());
    expect(readReplay(file).events.find((e) => e.type === 'cancelled')).toMatchObject({ estop: true });
    const verdict = await verifyReplay(file, { version: '0.0.0-test', sharedDetector: await sharedDetector() });
    expect(verdict).toMatchObject({ ok: true, outcome: { recorded: 'aborted', actual: 'aborted' } });
  });
});
