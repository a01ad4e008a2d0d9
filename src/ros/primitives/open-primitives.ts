import process from 'node:process';
import { robotTools } from '../../mcp/tools/robot/index.js';
import { connectRos } from '../transport/rosnodejs-transport.js';
import { loadRosConfig } from './config.js';
import { RosPrimitives } from './ros-primitives.js';

export interface OpenedRosPrimitives {
  primitives: RosPrimitives;
  masterUri: string;
  /** Cancels the goals still running and leaves the ROS graph. */
  close(): Promise<void>;
}

/**
 * `--ros-config FILE` for serve and run: reads the file, joins the master (the file's `master`,
 * else ROS_MASTER_URI) and builds the primitives, checking every type first. Each failure is one
 * line: RosConfigError, RosConnectError or RosUnknownTypeError.
 */
export async function openRosPrimitivesFile(path: string, opts: { env?: NodeJS.ProcessEnv; log?: (line: string) => void } = {}): Promise<OpenedRosPrimitives> {
  const config = loadRosConfig(path);
  const env = opts.env ?? process.env;
  const ros = await connectRos({ ...(config.master ? { masterUri: config.master } : {}), env, ...(opts.log ? { log: opts.log } : {}) });
  try {
    const primitives = await RosPrimitives.open({ config, ros, reservedNames: robotTools.map((t) => t.name) });
    return {
      primitives,
      masterUri: ros.masterUri,
      async close() {
        await primitives.close();
        await ros.shutdown();
      },
    };
  } catch (e) {
    await ros.shutdown();
    throw e;
  }
}
