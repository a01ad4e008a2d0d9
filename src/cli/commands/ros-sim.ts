import { writeFileSync } from 'node:fs';
import { loadScenario } from '../../sim/scenario.js';
import { writeLine, type CliIo } from '../io.js';

export interface RosSimCliOptions {
  scenario: string;
  seed: number;
  master?: string;
  truthFile?: string;
  verbose?: boolean;
}

/**
 * `robot-agent ros-sim`: the simulator as a ROS robot until Ctrl-C or SIGTERM, which stop the
 * base, leave the ROS graph and (with --truth-file) write where everything ended up. An
 * unreachable master is one line, exit 1 (RosConnectError, worded by cli/user-errors).
 */
export async function runRosSim(io: CliIo, opts: RosSimCliOptions): Promise<number> {
  const scenario = loadScenario(opts.scenario);
  const [{ connectRos }, { RosSim, ROS_SIM_NAMES }] = await Promise.all([import('../../ros/transport/rosnodejs-transport.js'), import('../../ros/sim/ros-sim.js')]);
  const log = (line: string) => io.stderr.write(`${line}\n`);
  const transport = await connectRos({ masterUri: opts.master, nodeName: '/ros_sim', env: io.env, ...(opts.verbose ? { log } : {}) });
  const rosSim = await RosSim.start({ transport, scenario, seed: opts.seed, epochSeconds: Date.now() / 1000, log }).catch(async (e: unknown) => {
    await transport.shutdown();
    throw e;
  });
  const n = ROS_SIM_NAMES;
  writeLine(
    io.stdout,
    `ros-sim: scenario ${scenario.name} (seed ${opts.seed}) on ${transport.masterUri}: topics ${n.odom} ${n.battery} ${n.camera} ${n.camera}/compressed ${n.map}, ${n.cmdVel} (in), action ${n.moveBase}, services ${n.gripper} ${n.charging}; Ctrl-C stops`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await rosSim.close();
  if (opts.truthFile) writeFileSync(opts.truthFile, `${JSON.stringify(rosSim.truth(), null, 2)}\n`);
  await transport.shutdown();
  writeLine(io.stdout, 'ros-sim: stopped');
  return 0;
}
