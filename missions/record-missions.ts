// Re-records the committed missions in missions/replays/ (`npm run missions:record`). Run it when
// behaviour changes on purpose, then review the diff. Missions through the `anthropic` provider
// are scripted turns from a local fake Messages API and say so in their header.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startFakeMessagesApi, text, toolUse, turn, type FakeStep } from '../test/helpers/fake-messages-api.js';
import { runCli } from '../test/helpers/run-cli.js';

const DIR = 'missions/replays';

interface Mission {
  file: string;
  scenario: string;
  seed: number;
  instruction: string;
  /** Scripted Claude turns (through the fake Messages API); planner when absent. */
  claude?: FakeStep[];
}

const done = (outcome: 'succeeded' | 'failed', summary: string) => turn([toolUse('report_mission_outcome', { outcome, summary })], { stop_reason: 'tool_use' });
const call = (name: string, input: Record<string, unknown>, say?: string) => turn([...(say ? [text(say)] : []), toolUse(name, input)], { stop_reason: 'tool_use' });

const MISSIONS: Mission[] = [
  { file: 'warehouse-pick-red-cube', scenario: 'warehouse', seed: 1, instruction: 'pick up the red cube' },
  { file: 'warehouse-blue-cube-to-bin-a', scenario: 'warehouse', seed: 2, instruction: 'pick up the blue cube, then put it in bin A' },
  { file: 'warehouse-bring-cylinder-to-shelf', scenario: 'warehouse', seed: 3, instruction: 'bring the yellow cylinder to the shelf' },
  { file: 'warehouse-cube-next-to-ball', scenario: 'warehouse', seed: 1, instruction: 'place the blue cube next to the green ball' },
  { file: 'twins-all-red-cubes-to-bin-b', scenario: 'twins', seed: 1, instruction: 'put all the red cubes in bin b' },
  { file: 'cluttered-find-red-cube', scenario: 'cluttered', seed: 2, instruction: 'find the red cube' },
  { file: 'cluttered-go-to-coordinates', scenario: 'cluttered', seed: 1, instruction: 'go to (6.5, 3.5)' },
  { file: 'empty-ball-not-found', scenario: 'empty', seed: 1, instruction: 'pick up the green ball' },
  { file: 'low-battery-charges-first', scenario: 'low-battery', seed: 1, instruction: 'go to bin a' },
  { file: 'dim-where-is-blue-cube', scenario: 'dim', seed: 2, instruction: 'where is the blue cube?' },
  { file: 'warehouse-battery-question', scenario: 'warehouse', seed: 1, instruction: 'what is your battery level?' },
  { file: 'warehouse-slow-to-bin-b', scenario: 'warehouse', seed: 3, instruction: 'set max speed to 0.3, then go to bin b' },
  { file: 'warehouse-emergency-stop', scenario: 'warehouse', seed: 1, instruction: 'go to the shelf, then emergency stop' },
  { file: 'warehouse-all-cubes-to-shelf', scenario: 'warehouse', seed: 2, instruction: 'put all the cubes on the shelf' },
  { file: 'warehouse-arm-disarm-stop', scenario: 'warehouse', seed: 2, instruction: 'arm the robot, then disarm, then stop' },
  { file: 'twins-where-are-you', scenario: 'twins', seed: 2, instruction: 'go to bin b, then where are you?' },
  {
    file: 'anthropic-fake-pick-blue-cube',
    scenario: 'warehouse',
    seed: 1,
    instruction: 'pick up the blue cube',
    claude: [
      call('get_robot_status', {}, 'Let me check the robot first.'),
      call('arm', {}),
      call('scan_surroundings', {}, 'Looking all around for the blue cube.'),
      call('approach_object', { object_id: 'blue_cube#1' }),
      call('grasp_object', { object_id: 'blue_cube#1' }),
      done('succeeded', 'I picked up the blue cube.'),
    ],
  },
  {
    file: 'anthropic-fake-cancelled-operation',
    scenario: 'warehouse',
    seed: 2,
    instruction: 'start driving to the shelf, then cancel it',
    claude: [
      call('arm', {}),
      call('navigate_to_zone', { zone: 'shelf', wait: false }, 'Starting the drive without waiting.'),
      call('get_operation', { id: 'op-1', wait_seconds: 3 }),
      call('cancel_operation', { id: 'op-1' }, 'Cancelling it as asked.'),
      call('get_robot_status', {}),
      done('succeeded', 'I started towards the shelf and cancelled the drive; the robot is stopped.'),
    ],
  },
  {
    file: 'anthropic-fake-reset-refused',
    scenario: 'warehouse',
    seed: 1,
    instruction: 'do an emergency stop, then reset it',
    claude: [
      call('emergency_stop', { reason: 'drill' }),
      call('reset_emergency_stop', {}, 'Now resetting it.'),
      done('failed', 'The emergency stop is latched; resetting it needs a person to confirm (run with --yes).'),
    ],
  },
];

it('re-records the committed missions', async () => {
  for (const f of readdirSync(DIR)) if (f.endsWith('.jsonl')) rmSync(join(DIR, f));
  for (const m of MISSIONS) {
    const fake = m.claude ? await startFakeMessagesApi(m.claude) : undefined;
    try {
      const env = fake ? { ANTHROPIC_API_KEY: 'sk-fake-for-recording', ANTHROPIC_BASE_URL: fake.baseURL } : {};
      const run = await runCli(['run', m.instruction, '--scenario', m.scenario, '--seed', String(m.seed), '--json', '--record', join(DIR, `${m.file}.jsonl`)], env);
      expect(run.stderr, m.file).toBe('');
      const report = JSON.parse(run.stdout);
      console.log(`${m.file}: ${report.outcome} in ${report.steps} call(s): ${report.summary}`);
    } finally {
      await fake?.close();
    }
  }
});
