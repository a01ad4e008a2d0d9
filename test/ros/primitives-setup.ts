/**
 * A robot MCP server with ROS primitives from a YAML config, on a real roscore with real rospy
 * nodes, reached through the real MCP SDK client in-process.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createRobotMcpServer } from '../../src/mcp/robot-server.js';
import { connectInProcess } from '../../src/mcp/transports/in-process.js';
import { robotTools } from '../../src/mcp/tools/robot/index.js';
import { parseRosConfig } from '../../src/ros/primitives/config.js';
import { RosPrimitives } from '../../src/ros/primitives/ros-primitives.js';
import { connectRos } from '../../src/ros/transport/rosnodejs-transport.js';
import type { RosTransport } from '../../src/ros/transport/ros-transport.js';
import { createSimulatedRobot } from '../../src/runtime/simulated-robot.js';
import { startRoscore, type Roscore } from '../helpers/roscore.js';

export interface PrimitivesWorld {
  master: Roscore;
  ros: RosTransport;
  primitives: RosPrimitives;
  client: Client;
  close(): Promise<void>;
}

/** Starts roscore and the fixture nodes, then the server with the primitives of `yaml`. */
export async function openPrimitivesWorld(yaml: string, nodes: [string, string[]][]): Promise<PrimitivesWorld> {
  const master = await startRoscore();
  try {
    await Promise.all(nodes.map(([script, args]) => master.startNode(script, args)));
    const ros = await connectRos({ masterUri: master.uri });
    const primitives = await RosPrimitives.open({ config: parseRosConfig(yaml, 'test.yaml'), ros, reservedNames: robotTools.map((t) => t.name) });
    const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1 });
    const server = createRobotMcpServer({ robot: sr.robot, wallClock: Date.now, rng: sr.toolRng, version: '0.0.0-test', extensions: [primitives] });
    const conn = await connectInProcess(server);
    return {
      master,
      ros,
      primitives,
      client: conn.client,
      async close() {
        await conn.close();
        await primitives.close();
        await ros.shutdown();
        await master.stop();
      },
    };
  } catch (e) {
    await master.stop();
    throw e;
  }
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

export const structured = (r: CallToolResult) => r.structuredContent as Record<string, any>;
export const text = (r: CallToolResult) => (r.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('\n');
