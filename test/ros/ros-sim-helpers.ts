/**
 * `robot-agent ros-sim` as a separate process on a test's roscore (the built CLI, as a user runs
 * it), and Debian's own ROS tools against it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorldTruth } from '../../src/sim/world-truth.js';
import type { RosTransport } from '../../src/ros/transport/ros-transport.js';
import { connectRos } from '../../src/ros/transport/rosnodejs-transport.js';
import { afterAll, beforeAll } from 'vitest';
import { startRoscore, type Roscore } from '../helpers/roscore.js';
import { BIN, runBuilt, type BuiltRun } from '../helpers/run-built.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RosSimProcess {
  child: ChildProcess;
  output: () => string;
  /** SIGTERM, as a service manager stops it; resolves with the exit code and the truth file. */
  stop: () => Promise<{ code: number | null; truth: WorldTruth }>;
}

export async function startRosSim(master: Roscore, args: string[] = []): Promise<RosSimProcess> {
  const truthFile = join(mkdtempSync(join(tmpdir(), 'ros-sim-')), 'truth.json');
  const child = spawn(process.execPath, [BIN, 'ros-sim', '--master', master.uri, '--truth-file', truthFile, ...args], { cwd: ROOT, env: master.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`ros-sim did not start: ${output}`)), 20_000);
      child.stdout!.on('data', () => {
        if (output.includes('Ctrl-C stops')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`ros-sim exited with ${code}: ${output}`));
      });
    });
  } catch (e) {
    kill();
    throw e;
  }
  return {
    child,
    output: () => output,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(kill, 10_000);
      const [code] = (await exited) as [number | null];
      clearTimeout(timer);
      return { code, truth: JSON.parse(readFileSync(truthFile, 'utf8')) as WorldTruth };
    },
  };
}

/**
 * Polls `ok` every `everyMs` until it holds, for what arrives over ROS in its own time (a test
 * never guesses how long that takes); throws naming `what` (and `detail()`, what was seen) after `timeoutMs`.
 */
export async function until(what: string, ok: () => boolean | Promise<boolean>, opts: { timeoutMs?: number; everyMs?: number; detail?: () => string } = {}): Promise<void> {
  const end = Date.now() + (opts.timeoutMs ?? 30_000);
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}${opts.detail ? `: ${opts.detail()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, opts.everyMs ?? 20));
  }
}

export interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command (a ROS tool, a rospy fixture) against the test's master. */
export function runTool(master: Roscore, file: string, args: string[], timeoutMs = 30_000): Promise<ToolRun> {
  return new Promise((resolve) => {
    execFile(file, args, { env: master.env, timeout: timeoutMs, cwd: ROOT }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/**
 * Waits until a `rostopic echo` (started by the test, not awaited) is registered on the master
 * as a subscriber of `topic`: before that, what it would have printed is missed, and a check
 * that it printed nothing passes without having watched.
 */
export async function echoListening(master: Roscore, topic: string, timeoutMs = 30_000): Promise<void> {
  let info = '';
  const subscribed = async () => {
    info = (await runTool(master, '/usr/bin/rostopic', ['info', topic])).stdout;
    return /^Subscribers:[^]*^ \* \/rostopic_/m.test(info);
  };
  await until(`rostopic echo subscribes to ${topic}`, subscribed, { timeoutMs, everyMs: 100, detail: () => info });
}

/** `rostopic echo -n1 TOPIC/FIELD` read as YAML numbers: the first `name: value` per name. */
export function yamlNumbers(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^\s*(\w+): (-?[\d.e+-]+|nan)$/gm)) if (!(m[1]! in out)) out[m[1]!] = Number(m[2]);
  return out;
}

export const PICK_AND_PLACE = 'pick up the red cube, then put it in bin A';

/**
 * A roscore and ros-sim on it for the enclosing describe block: started before its tests, stopped
 * after them. Read `.master` and `.sim` inside the tests (they are set once beforeAll has run).
 */
export function rosSimForSuite(args: string[] = []): { readonly master: Roscore; readonly sim: RosSimProcess } {
  const running = {} as { master: Roscore; sim: RosSimProcess };
  beforeAll(async () => {
    running.master = await startRoscore();
    running.sim = await startRosSim(running.master, args);
  }, 60_000);
  afterAll(async () => {
    if (running.sim?.child.exitCode === null) running.sim.child.kill('SIGKILL');
    await running.master?.stop();
  });
  return running;
}

/**
 * rosSimForSuite, and a transport on its master (as `nodeName`, if given) for the enclosing
 * describe block: connected after ros-sim is up, shut down before ros-sim and the master stop, so
 * a backend the block connects on it (and closes in its own afterAll) goes first. Read
 * `.transport` inside the tests.
 */
export function rosTransportForSuite(simArgs: string[] = [], nodeName?: string): { readonly master: Roscore; readonly sim: RosSimProcess; readonly transport: RosTransport } {
  const running = rosSimForSuite(simArgs) as { master: Roscore; sim: RosSimProcess; transport: RosTransport };
  beforeAll(async () => {
    running.transport = await connectRos({ masterUri: running.master.uri, env: running.master.env, nodeName });
  }, 30_000);
  afterAll(async () => {
    await running.transport?.shutdown();
  });
  return running;
}

/** A robot profile's waits, generous: a loaded CI machine can be slow to answer, and slowness is not what is tested. */
export const PATIENT_TIMEOUTS = { first_message_ms: 30_000, service_ms: 60_000 };

export interface MissionReport {
  outcome: string;
  scenario: string;
  world: { robot: { holding: string | null } };
}

/** `run --provider planner --robot ros` of the pick-and-place mission with `profile` on `master`, its --json report. */
export async function runPickAndPlace(master: Roscore, profile: string, extraArgs: string[] = []): Promise<{ run: BuiltRun; report: MissionReport }> {
  const run = await runBuilt(['run', '--provider', 'planner', '--robot', 'ros', '--robot-profile', profile, '--master', master.uri, ...extraArgs, '--json', PICK_AND_PLACE], { cwd: ROOT, env: master.env });
  let report: MissionReport;
  try {
    report = JSON.parse(run.stdout) as MissionReport;
  } catch {
    throw new Error(`the mission printed no JSON report (exit ${run.code}): ${run.stderr || run.stdout}`);
  }
  return { run, report };
}

/** The simulator's ground truth after the pick-and-place: the red cube in bin A, nothing else moved there, the gripper empty. */
export function redCubeDelivered(truth: WorldTruth): { cube: unknown; othersInBinA: string[]; holding: string | null } {
  return {
    cube: truth.objects.find((o) => o.id === 'red_cube'),
    othersInBinA: truth.objects.filter((o) => o.id !== 'red_cube' && o.zone === 'bin_a').map((o) => o.id),
    holding: truth.robot.holding,
  };
}
