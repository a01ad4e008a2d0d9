/**
 * A real ROS 1 master for a test file, and real rospy nodes on it.
 *
 *   const ros = describe.skipIf(!ROS_INSTALLED) …
 *   let master: Roscore;
 *   beforeAll(async () => { master = await startRoscore(); }, 30_000);
 *   afterAll(() => master?.stop());
 *   const node = await master.startNode('test/fixtures/ros/battery_publisher.py', ['--percentage', '0.8']);
 *   … node.stop()
 *
 * Each file gets its own `roscore -p <free port>` in its own process group (roscore starts
 * rosmaster and rosout as children), killed as a group on stop. Fixture scripts print a line
 * containing READY once their publishers, services or action servers are up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { RosTransport } from '../../src/ros/transport/ros-transport.js';
import { connectRos } from '../../src/ros/transport/rosnodejs-transport.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ROSCORE = '/usr/bin/roscore';
export const ROS_PYTHON = '/usr/bin/python3';

/** Whether ROS 1 is installed (Debian's ros-core and python3-rospy). */
export const ROS_INSTALLED = existsSync(ROSCORE) && existsSync(ROS_PYTHON);
/** Say why the ROS tests are skipped, once per file. */
export const ROS_SKIP_REASON = `ROS tests skipped: ${ROSCORE} is not installed (apt-get install ros-core python3-rospy python3-actionlib …, see .ci/run)`;

export interface RosNodeProcess {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export interface Roscore {
  uri: string;
  port: number;
  /** Environment for processes that should use this master. */
  env: NodeJS.ProcessEnv;
  /** Starts a rospy script (path relative to the repository) and waits for its READY line. */
  startNode(script: string, args?: string[], readyTimeoutMs?: number): Promise<RosNodeProcess>;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Stops a process group started with `detached: true` and waits for its leader to exit. SIGINT
 * first: roscore (roslaunch) puts rosmaster and rosout in process groups of their own and stops
 * them only when it is interrupted, so SIGKILL alone would leave them running. SIGKILL after
 * `graceMs`.
 */
async function killGroup(child: ChildProcess, graceMs = 0): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = once(child, 'exit');
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      child.kill(sig);
    }
  };
  if (graceMs > 0) {
    signal('SIGINT');
    const timer = setTimeout(() => signal('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
    return;
  }
  signal('SIGKILL');
  await exited;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startRoscore(timeoutMs = 20_000): Promise<Roscore> {
  const port = await freePort();
  const uri = `http://127.0.0.1:${port}`;
  const logDir = mkdtempSync(join(tmpdir(), 'roscore-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ROS_MASTER_URI: uri, ROS_HOME: logDir, ROS_LOG_DIR: logDir, ROS_IP: '127.0.0.1' };
  delete env.ROS_HOSTNAME;
  const core = spawn(ROSCORE, ['-p', String(port)], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let coreOutput = '';
  core.stdout!.on('data', (d) => (coreOutput += String(d)));
  core.stderr!.on('data', (d) => (coreOutput += String(d)));
  const nodes = new Set<ChildProcess>();
  const until = Date.now() + timeoutMs;
  while (!(await canConnect(port))) {
    if (core.exitCode !== null || Date.now() > until) {
      await killGroup(core, 5000);
      throw new Error(`roscore -p ${port} did not start: ${coreOutput}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    uri,
    port,
    env,
    async startNode(script, args = [], readyTimeoutMs = 15_000) {
      const child = spawn(ROS_PYTHON, [join(ROOT, script), ...args], { env: { ...env, PYTHONUNBUFFERED: '1' }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      nodes.add(child);
      let output = '';
      const stop = async () => {
        nodes.delete(child);
        await killGroup(child);
      };
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`${script} printed no READY line within ${readyTimeoutMs} ms: ${output}`)), readyTimeoutMs);
          const onData = (d: Buffer) => {
            output += String(d);
            if (output.includes('READY')) {
              clearTimeout(timer);
              resolve();
            }
          };
          child.stdout!.on('data', onData);
          child.stderr!.on('data', (d) => (output += String(d)));
          child.once('exit', (code) => {
            clearTimeout(timer);
            reject(new Error(`${script} exited with ${code} before READY: ${output}`));
          });
        });
      } catch (e) {
        await stop();
        throw e;
      }
      return { child, output: () => output, stop };
    },
    async stop() {
      await Promise.all([...nodes].map((n) => killGroup(n)));
      nodes.clear();
      await killGroup(core, 5000);
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

/**
 * A roscore and this process's transport on it (no ros-sim) for the enclosing describe block:
 * started before its tests, shut down and stopped after them. Read `.master` and `.transport`
 * inside the tests (they are set once beforeAll has run).
 */
export function roscoreForSuite(): { readonly master: Roscore; readonly transport: RosTransport } {
  const running = {} as { master: Roscore; transport: RosTransport };
  beforeAll(async () => {
    running.master = await startRoscore();
    running.transport = await connectRos({ masterUri: running.master.uri });
  }, 30_000);
  afterAll(async () => {
    await running.transport?.shutdown();
    await running.master?.stop();
  });
  return running;
}
