import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MissionEvent } from '../../src/agent/mission-events.js';
import { readReplay } from '../../src/replay/replay-reader.js';
import { parseScenario } from '../../src/sim/scenario.js';
import { playbackView, recordedWorld, replayedSafety, type ReplayedSafety } from '../../src/tui/replay-view.js';
import { asMissionEvent } from '../../src/tui/replay-schedule.js';
import { emptyTranscript, reduceTranscript } from '../../src/tui/transcript.js';
import { openApp } from './app-harness.js';

const replays = resolve(import.meta.dirname, '../../missions/replays');

/** The safety flags after each recorded tool call, folded as playback folds them. */
function safetyAfterEachCall(file: string): Array<[string, ReplayedSafety]> {
  let safety: ReplayedSafety = { armed: false, estopped: false };
  const out: Array<[string, ReplayedSafety]> = [];
  for (const e of readReplay(file).events) {
    safety = replayedSafety(safety, e);
    if (e.type === 'tool_call_finished') out.push([e.name, safety]);
  }
  return out;
}

describe('the robot as a recording shows it', () => {
  it('follows arm, disarm and the emergency stop from the recorded results', () => {
    const armed = { armed: true, estopped: false };
    const disarmed = { armed: false, estopped: false };
    expect(safetyAfterEachCall(join(replays, 'warehouse-arm-disarm-stop.jsonl'))).toEqual([
      ['get_robot_status', disarmed],
      ['arm', armed],
      ['get_robot_status', armed],
      ['disarm', disarmed],
      ['get_robot_status', disarmed],
      ['stop', disarmed],
      ['get_robot_status', disarmed],
    ]);
    const estop = safetyAfterEachCall(join(replays, 'warehouse-emergency-stop.jsonl'));
    expect(estop.find(([name]) => name === 'arm')![1]).toEqual(armed);
    expect(estop.at(-1)).toEqual(['get_robot_status', { armed: false, estopped: true }]);
  });

  it("ignores an external server's safety words: they are about its device, not this robot", () => {
    const finished = (name: string, armed: boolean): MissionEvent => ({ type: 'tool_call_finished', callId: 'c1', name, args: {}, result: { content: [], structuredContent: { armed, emergency_stop: armed } }, isError: false, wallMs: 1, simSeconds: 0 });
    const start = { armed: false, estopped: false };
    expect(replayedSafety(start, finished('other__arm', true))).toEqual(start);
    expect(replayedSafety(start, finished('arm', true))).toEqual({ armed: true, estopped: true });
  });

  it('takes an operator e-stop from the recorded cancellation', () => {
    expect(replayedSafety({ armed: true, estopped: false }, { type: 'cancelled', robotTime: 3, estop: true })).toEqual({ armed: false, estopped: true });
    expect(replayedSafety({ armed: true, estopped: false }, { type: 'cancelled', robotTime: 3, estop: false })).toEqual({ armed: true, estopped: false });
  });

  it('shows state, safety, pose and zone from the recording, not the scenario start', () => {
    const replay = readReplay(join(replays, 'warehouse-arm-disarm-stop.jsonl'));
    const world = recordedWorld(parseScenario(replay.header.scenario.content, 'scenario'));
    const events = replay.events.map(asMissionEvent).filter((e) => e !== null);
    const upToArm = events.slice(0, events.findIndex((e) => e.type === 'tool_call_finished' && e.name === 'arm') + 2);
    const transcript = upToArm.reduce(reduceTranscript, emptyTranscript);
    const safety = upToArm.reduce(replayedSafety, { armed: false, estopped: false });
    const view = playbackView({ start: world.start, map: world.map, safety }, transcript);
    expect(view).toMatchObject({ state: 'IDLE', armed: true, estopped: false, zone: 'home', charging: false });
    const docked = reduceTranscript(transcript, { type: 'telemetry', telemetry: { simTime: 9, x: 0.8, y: 7.2, heading: 0, battery: 0.5, state: 'CHARGING', holding: null } });
    expect(playbackView({ start: world.start, map: world.map, safety }, docked)).toMatchObject({ state: 'CHARGING', charging: true, zone: 'charging_dock' });
  });
});

describe('playback in the UI', () => {
  let app: Awaited<ReturnType<typeof openApp>> | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('ends showing the state the recording left the robot in, not the scenario start', async () => {
    app = await openApp({ size: { columns: 100, rows: 32 } });
    await app.waitFor((s) => s.includes('IDLE · disarmed'), 'the live robot, disarmed');
    await app.submit(`/replay ${join(replays, 'warehouse-emergency-stop.jsonl')} 64`);
    await app.waitFor((s) => s.includes('playback finished'), 'the playback to finish');
    expect(app.screen()).toContain('ESTOPPED ·  E-STOP');
    await app.submit('/clear');
    await app.waitFor((s) => !s.includes('playback finished'), 'the conversation cleared');
    await app.submit(`/replay ${join(replays, 'warehouse-pick-red-cube.jsonl')} 64`);
    await app.waitFor((s) => s.includes('playback finished'), 'the second playback to finish');
    expect(app.screen()).toMatch(/IDLE · armed · \(\d+\.\d\d, \d+\.\d\d\)/);
    expect(app.session.getState().runtime.simRobot.robot.armed).toBe(false); // the live robot was never touched
  }, 60_000);
});
