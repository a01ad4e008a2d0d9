import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readReplay } from '../../src/replay/replay-reader.js';
import { verifyReplay } from '../../src/runtime/replay-mission.js';
import { sharedDetector } from '../helpers/shared-detector.js';
import { KEY, openApp } from './app-harness.js';

let app: Awaited<ReturnType<typeof openApp>> | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('the TUI over a real session', () => {
  it('runs missions one after another in the same world, records each, and recalls them with Up', async () => {
    app = await openApp({ record: true });
    await app.submit('go to bin a');
    await app.waitFor((s) => s.includes('■ succeeded: Arrived at bin_a.'), 'the first mission to succeed');
    expect(app.screen()).toMatch(/✓ navigate_to_zone zone=bin_a \(\d+\.\d s, \d+ ms\) → navigation to/);
    expect(app.screen()).toContain('IDLE · armed'); // the status panel
    expect(app.screen()).toMatch(/pose \(8\.\d\d, 1\.0\d\)/);
    expect(app.screen()).toContain('in bin_a');

    await app.submit('go to bin b');
    await app.waitFor((s) => s.includes('Arrived at bin_b'), 'the second mission');
    expect(app.session.getState().runtime.simRobot.robot.armed).toBe(true); // the same world: still armed from mission 1

    const files = readdirSync(app.recordDir!).filter((f) => f.endsWith('.jsonl')).sort();
    expect(files).toHaveLength(2);
    const second = readReplay(join(app.recordDir!, files[1]!));
    expect(second.header.instruction).toBe('go to bin b');
    expect(second.events[0]).toMatchObject({ type: 'mission_started' });
    const sessionInfo = (JSON.parse(readFileSync(join(app.recordDir!, files[1]!), 'utf8').split('\n')[0]!) as { session: unknown }).session;
    expect(sessionInfo).toMatchObject({ mission: 2, initialWorld: false, after: [files[0]] });
    // The first mission started from the scenario's world: the replayer verifies it as it would a `run` recording.
    const verdict = await verifyReplay(join(app.recordDir!, files[0]!), { version: '0.0.0-test', sharedDetector: await sharedDetector() });
    // status, arm, the drive, and the status read that checks the robot arrived
    expect(verdict).toMatchObject({ ok: true, calls: 4 });

    await app.press(KEY.up);
    await app.waitFor((s) => s.includes('› go to bin b'), 'the last instruction recalled');
    await app.press(KEY.up);
    await app.waitFor((s) => s.includes('› go to bin a'), 'the first instruction recalled');
  });

  it('cancels a running mission with Esc and leaves the robot stopped', async () => {
    app = await openApp({ realtime: true });
    await app.submit('go to the shelf');
    await app.waitFor((s) => /navigate_to_zone zone=shelf .*\d+%/.test(s), 'the robot to be driving');
    await app.press(KEY.escape);
    await app.waitFor((s) => s.includes('■ aborted: cancelled by the user; the robot was stopped'), 'the cancelled outcome');
    const robot = app.session.getState().runtime.simRobot.robot;
    expect(robot.currentOperation()).toBeUndefined();
    // STOPPING while the base brakes, then IDLE at rest.
    for (let i = 0; i < 100 && robot.state === 'STOPPING'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(robot.state).toBe('IDLE');
    expect(robot.backend.readState().linear).toBe(0);
  });

  it('Ctrl-C cancels first, and quits on the second press', async () => {
    app = await openApp({ realtime: true });
    await app.submit('go to the shelf');
    await app.waitFor((s) => s.includes('navigate_to_zone'), 'the mission to start');
    await app.press(KEY.ctrlC);
    await app.waitFor((s) => s.includes('■ aborted'), 'the mission to be cancelled');
    expect(app.screen()).toContain('Press Ctrl-C again to quit');
    expect(app.quits()).toBe(0);
    await app.press(KEY.ctrlC);
    expect(app.quits()).toBe(1);
  });

  it('any other key between two Ctrl-C keeps the session', async () => {
    app = await openApp();
    await app.press(KEY.ctrlC, 'x', KEY.ctrlC);
    expect(app.quits()).toBe(0);
    expect(app.screen()).toContain('Press Ctrl-C again to quit');
  });

  it('asks before a tool that needs confirmation: deny, then approve once', async () => {
    app = await openApp();
    await app.press(KEY.ctrlX); // the e-stop key
    await app.waitFor((s) => s.includes('E-STOP ') && s.includes('EMERGENCY STOP latched'), 'the latched e-stop');
    expect(app.session.getState().runtime.simRobot.robot.emergencyStopped).toBe(true);

    await app.submit('reset the emergency stop');
    await app.waitFor((s) => s.includes('⚠ Allow reset_emergency_stop?') && s.includes('? reset_emergency_stop waiting for your approval'), 'the confirmation dialog');
    await app.press('n');
    await app.waitFor((s) => s.includes('■ failed'), 'the denied mission to end');
    expect(app.screen()).not.toContain('⚠ Allow');
    expect(app.session.getState().runtime.simRobot.robot.emergencyStopped).toBe(true);

    await app.submit('reset the emergency stop');
    await app.waitFor((s) => s.includes('⚠ Allow reset_emergency_stop?'), 'the dialog again');
    await app.press(KEY.right, KEY.right, KEY.right); // the choice starts on Deny and wraps: Approve, Deny, Approve
    await app.press(KEY.enter);
    await app.waitFor((s) => s.includes('■ succeeded'), 'the approved mission');
    expect(app.session.getState().runtime.simRobot.robot.emergencyStopped).toBe(false);
  });

  it('collapses to 80x24 and switches the side panel with Tab', async () => {
    app = await openApp({ size: { columns: 80, rows: 24 } });
    const first = await app.waitFor((s) => s.includes('map 10×8 m'), 'the map');
    const lines = first.split('\n');
    expect(lines.length).toBeLessThanOrEqual(23);
    expect(lines.every((l) => [...l].length <= 80)).toBe(true);
    expect(first).toMatch(/IDLE · disarmed · \(1\.00, 1\.00\) 0° home/); // the status strip
    expect(first).not.toContain('no frame yet');
    await app.press(KEY.tab);
    await app.waitFor((s) => s.includes('no frame yet') && !s.includes('map 10×8 m'), 'the camera panel');
  });

  it('resizes cleanly: from a large terminal with every panel down to 80x24 and back', async () => {
    app = await openApp({ size: { columns: 160, rows: 50 } });
    const large = await app.waitFor((s) => s.includes('map 10×8 m') && s.includes('no frame yet'), 'map and camera together');
    expect(large).toMatch(/│ IDLE · disarmed +t=0\.0 s │/); // the full status panel
    expect(large.split('\n').every((l) => [...l].length <= 160)).toBe(true);
    app.resize(80, 24);
    const small = await app.waitFor((s) => !s.includes('no frame yet'), 'the camera to fold away');
    expect(small.split('\n').length).toBeLessThanOrEqual(23);
    expect(small.split('\n').every((l) => [...l].length <= 80)).toBe(true);
    expect(small).toMatch(/IDLE · disarmed · \(1\.00, 1\.00\)/);
    app.resize(160, 50);
    await app.waitFor((s) => s.includes('no frame yet'), 'the camera back');
  });

  it('answers /status, /help, /provider and unknown commands', async () => {
    app = await openApp();
    await app.submit('/status');
    await app.waitFor((s) => s.includes('world     scenario warehouse, seed 1, virtual time'), 'the status lines');
    await app.submit('/provider');
    await app.waitFor((s) => s.includes('provider: planner'), 'the provider');
    await app.submit('/help');
    await app.waitFor((s) => s.includes('/replay FILE|last [SPEED]'), 'the help');
    await app.submit('/fly');
    await app.waitFor((s) => s.includes('unknown command /fly'), 'the error');
    await app.submit('/quit');
    expect(app.quits()).toBe(1);
  });

  it('starts over in another scenario with /scenario NAME', async () => {
    app = await openApp();
    await app.submit('go to bin a');
    await app.waitFor((s) => s.includes('■ succeeded'), 'the mission');
    await app.submit('/scenario twins');
    await app.waitFor((s) => s.includes('new world: scenario twins'), 'the new world');
    expect(app.screen()).toMatch(/IDLE · disarmed/);
    expect(app.session.getState().scenario).toBe('twins');
    await app.submit('/scenario nowhere');
    await app.waitFor((s) => /✗ .*nowhere/.test(s), 'the unknown scenario error');
  });

  it('plays a recording back in the UI, at a chosen speed', async () => {
    app = await openApp({ record: true });
    await app.submit('go to bin a');
    await app.waitFor((s) => s.includes('■ succeeded'), 'the mission to record');
    const file = join(app.recordDir!, readdirSync(app.recordDir!).find((f) => f.endsWith('.jsonl'))!);
    await app.submit('/clear');
    await app.submit(`/replay ${file} 0.5`);
    await app.waitFor((s) => s.includes('▶ replay 0.5x'), 'the playback to start');
    await app.press('+');
    await app.waitFor((s) => s.includes('▶ replay 1x'), 'the faster speed');
    await app.press(' ');
    await app.waitFor((s) => s.includes('▶ replay 1x (paused)'), 'the pause');
    await app.press(' ', '+', '+', '+', '+', '+', '+');
    await app.waitFor((s) => s.includes('▶ replay 64x') || s.includes('playback finished'), 'the fastest speed');
    await app.waitFor((s) => s.includes('playback finished'), 'the playback to finish');
    expect(app.screen()).toContain('■ succeeded: Arrived at bin_a.');
    expect(app.screen()).toContain('map (recording)');
    await app.press(KEY.escape);
    await app.waitFor((s) => !s.includes('map (recording)'), 'the live world again');
    await app.submit('/replay /nonexistent.jsonl');
    await app.waitFor((s) => s.includes('cannot read /nonexistent.jsonl'), 'the error for a missing file');
  });
});
