// ROS figures, each next to a reference measured in the same run, against a real roscore and
// rospy nodes (Debian's ROS 1; see .ci/run). One function per figure; main() runs them in turn.
//   - topic read: tools/call of a subscribed-topic primitive (latched sensor_msgs/BatteryState)
//     through the real SDK client in-process, median; reference: tools/call get_robot_status on
//     the same server.
//   - action goal: a move_base goal sent through the `navigate` primitive and followed with
//     get_operation (wait) until it succeeds, median wall time; reference: Debian's actionlib
//     SimpleActionClient (rospy) sending the same goal to the same server. The difference is our
//     overhead.
//
//   - mission: `run --robot ros` carrying out "pick up the red cube, then put it in bin A" (the
//     offline planner) against `ros-sim`, each run on a fresh ros-sim on a master of its own (no
//     fixture nodes), median of the mission's own
//     wall time (missionWallMs: first tool call to outcome, connecting excluded); reference: the
//     same mission on the embedded simulator paced to the wall clock (`run --realtime`).
//
//   npm run bench:ros [-- --json] [-- --reads N] [-- --goals N] [-- --missions N]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createRobotMcpServer } from '../dist/mcp/robot-server.js';
import { connectInProcess } from '../dist/mcp/transports/in-process.js';
import { robotTools } from '../dist/mcp/tools/robot/index.js';
import { parseRosConfig } from '../dist/ros/primitives/config.js';
import { RosPrimitives } from '../dist/ros/primitives/ros-primitives.js';
import { connectRos } from '../dist/ros/transport/rosnodejs-transport.js';
import { createSimulatedRobot } from '../dist/runtime/simulated-robot.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const json = args.includes('--json');
const numberArg = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const READS = numberArg('--reads', 2000);
const GOALS = numberArg('--goals', 30);
const MISSIONS = numberArg('--missions', 3);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => Math.round(x * 1000) / 1000;

// ---------------------------------------------------------------------------------------------
// A master and rospy nodes (the same recipe as test/helpers/roscore.ts)

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

const connects = (port) =>
  new Promise((resolve) => {
    const s = createConnection({ port, host: '127.0.0.1' });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** roscore on a free port; `node(script, args)` starts a rospy fixture and waits for READY. */
export async function startRosWorld() {
  const port = await freePort();
  const uri = `http://127.0.0.1:${port}`;
  const logDir = mkdtempSync(join(tmpdir(), 'bench-ros-'));
  const env = { ...process.env, ROS_MASTER_URI: uri, ROS_HOME: logDir, ROS_LOG_DIR: logDir, ROS_IP: '127.0.0.1', PYTHONUNBUFFERED: '1' };
  const children = [spawn('/usr/bin/roscore', ['-p', String(port)], { env, detached: true, stdio: 'ignore' })];
  while (!(await connects(port))) await new Promise((r) => setTimeout(r, 100));
  const run = (script, scriptArgs = [], untilReady = true) => {
    const child = spawn('/usr/bin/python3', [join(ROOT, script), ...scriptArgs], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    return new Promise((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        if (untilReady && out.includes('READY')) resolve(out);
      });
      child.once('exit', (code) => (code === 0 && !untilReady ? resolve(out) : reject(new Error(`${script} exited ${code}: ${err}`))));
    });
  };
  return {
    uri,
    node: (script, scriptArgs) => run(script, scriptArgs, true),
    /** Runs a script to its end and returns its stdout. */
    script: (script, scriptArgs) => run(script, scriptArgs, false),
    async stop() {
      const [core, ...nodes] = children;
      const signal = (c, sig) => {
        try {
          process.kill(-c.pid, sig);
        } catch {
          // already gone
        }
      };
      for (const c of nodes) signal(c, 'SIGKILL');
      // roscore stops rosmaster and rosout (in process groups of their own) only when interrupted.
      if (core.exitCode === null) {
        const exited = once(core, 'exit');
        signal(core, 'SIGINT');
        const timer = setTimeout(() => signal(core, 'SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

/** The robot server with the primitives of `yaml`, and an in-process SDK client. */
export async function openPrimitivesServer(world, yaml) {
  const ros = await connectRos({ masterUri: world.uri });
  const primitives = await RosPrimitives.open({ config: parseRosConfig(yaml, 'bench.yaml'), ros, reservedNames: robotTools.map((t) => t.name) });
  const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1 });
  sr.robot.arm(); // ROS goals, like the robot's own motion, need the robot armed
  const server = createRobotMcpServer({ robot: sr.robot, wallClock: Date.now, rng: sr.toolRng, version: 'bench', extensions: [primitives] });
  const { client, close } = await connectInProcess(server);
  return {
    client,
    async close() {
      await close();
      await primitives.close();
      await ros.shutdown();
    },
  };
}

async function timeCalls(client, name, args, n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const r = await client.callTool({ name, arguments: args });
    times.push(performance.now() - t0);
    if (r.isError) throw new Error(`${name}: ${JSON.stringify(r.content)}`);
  }
  return times;
}

// ---------------------------------------------------------------------------------------------
// Figures

export async function topicReadFigure(client) {
  await timeCalls(client, 'battery', {}, 200); // warm-up (JIT, schema compilation)
  await timeCalls(client, 'get_robot_status', {}, 200);
  const battery = await timeCalls(client, 'battery', {}, READS);
  const status = await timeCalls(client, 'get_robot_status', {}, READS);
  return { calls: READS, topic_read_ms: ms(median(battery)), reference_get_robot_status_ms: ms(median(status)) };
}

export async function actionGoalFigure(world, client) {
  const goal = { target_pose: { header: { frame_id: 'map' }, pose: { position: { x: 1 }, orientation: { w: 1 } } } };
  const ours = [];
  for (let i = 0; i < GOALS + 3; i++) {
    const t0 = performance.now();
    const started = await client.callTool({ name: 'navigate', arguments: goal });
    if (started.isError) throw new Error(JSON.stringify(started.content));
    const done = await client.callTool({ name: 'get_operation', arguments: { id: started.structuredContent.id, wait_seconds: 30 } });
    if (done.structuredContent.status !== 'succeeded') throw new Error(JSON.stringify(done.structuredContent));
    if (i >= 3) ours.push(performance.now() - t0); // the first goals set up connections
  }
  const rospy = JSON.parse(await world.script('test/fixtures/ros/move_base_client.py', [String(GOALS + 3), '1'])).slice(3);
  return { goals: GOALS, robot_agent_goal_ms: ms(median(ours)), reference_rospy_actionlib_goal_ms: ms(median(rospy)), overhead_ms: ms(median(ours) - median(rospy)) };
}

const BIN = join(ROOT, 'bin/robot-agent.js');
const MISSION = 'pick up the red cube, then put it in bin A';

/** Runs the CLI to its end; resolves with its exit code and stdout. */
function cli(cliArgs, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...cliArgs], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

/** `ros-sim` on the world's master until the returned stop() (SIGTERM, as a user stops it). */
async function startRosSim(world) {
  const child = spawn(process.execPath, [BIN, 'ros-sim', '--master', world.uri], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => ((out += d), out.includes('Ctrl-C stops') && resolve()));
    child.once('exit', (code) => reject(new Error(`ros-sim exited ${code}: ${out}`)));
  });
  return async () => {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
}

const recordings = mkdtempSync(join(tmpdir(), 'bench-ros-missions-'));
let missionsRun = 0;

/** A mission's own wall time; a failed one says which robot it ran on and keeps its recording. */
async function missionWallMs(cliArgs) {
  const record = join(recordings, `mission-${++missionsRun}.jsonl`);
  const { code, out } = await cli(['run', '--provider', 'planner', '--record', record, '--json', ...cliArgs, MISSION], process.env);
  const report = JSON.parse(out);
  if (code !== 0 || report.outcome !== 'succeeded') throw new Error(`the mission (${cliArgs.join(' ')}) did not succeed (${report.outcome}): ${report.summary}; its recording: ${record}`);
  rmSync(record, { force: true });
  return report.missionWallMs;
}

export async function missionFigure(world) {
  const ros = [];
  const embedded = [];
  for (let i = 0; i < MISSIONS; i++) {
    const stop = await startRosSim(world);
    try {
      ros.push(await missionWallMs(['--robot', 'ros', '--robot-profile', 'examples/ros/ros-sim-robot.yaml', '--master', world.uri]));
    } finally {
      await stop();
    }
    embedded.push(await missionWallMs(['--realtime']));
  }
  return { missions: MISSIONS, ros_mission_ms: Math.round(median(ros)), reference_embedded_realtime_ms: Math.round(median(embedded)), ros_runs_ms: ros, embedded_runs_ms: embedded };
}

const YAML = `
topics:
  - { name: battery, topic: /battery_state, type: sensor_msgs/BatteryState, mode: subscribe }
actions:
  - { name: navigate, action: /move_base, type: move_base_msgs/MoveBaseAction }
`;

async function main() {
  const world = await startRosWorld();
  let server;
  try {
    await Promise.all([world.node('test/fixtures/ros/battery_publisher.py', []), world.node('test/fixtures/ros/move_base_server.py', ['--speed', '1000'])]);
    server = await openPrimitivesServer(world, YAML);
    const figures = { topic_read: await topicReadFigure(server.client), action_goal: await actionGoalFigure(world, server.client) };
    // The primitives' node leaves the graph first: this process then only starts CLI processes.
    await server.close();
    server = undefined;
    // ros-sim gets a master of its own: next to the rospy move_base fixture above, its goals went
    // to two /move_base servers, the fixture's "succeeded" at once with the robot unmoved, and the
    // searching robot never got anywhere (the mission "flake" of an earlier run of this bench).
    await world.stop();
    if (MISSIONS > 0) {
      const missionWorld = await startRosWorld();
      try {
        figures.mission = await missionFigure(missionWorld);
      } finally {
        await missionWorld.stop();
      }
    }
    if (json) console.log(JSON.stringify(figures));
    else {
      const t = figures.topic_read;
      const a = figures.action_goal;
      console.log(`topic-read primitive, tools/call in-process: median ${t.topic_read_ms} ms over ${t.calls} calls (reference get_robot_status: ${t.reference_get_robot_status_ms} ms)`);
      console.log(`move_base goal to success through navigate + get_operation: median ${a.robot_agent_goal_ms} ms over ${a.goals} goals; rospy actionlib client, same goal: ${a.reference_rospy_actionlib_goal_ms} ms; overhead ${a.overhead_ms} ms`);
      const m = figures.mission;
      if (m) console.log(`"${MISSION}" over ROS (run --robot ros against ros-sim): median ${m.ros_mission_ms} ms over ${m.missions} missions; embedded simulator --realtime, same mission: ${m.reference_embedded_realtime_ms} ms`);
    }
  } finally {
    await server?.close();
    await world.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
