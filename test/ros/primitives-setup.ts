/**
 * A robot MCP server with ROS primitives from a YAML config, on a real roscore with real rospy
 * nodes, reached through the real MCP SDK client in-process.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AuditLog } from '../../src/mcp/audit-log.js';
import { createRobotMcpServer } from '../../src/mcp/robot-server.js';
import { connectInProcess } from '../../src/mcp/transports/in-process.js';
import { robotTools } from '../../src/mcp/tools/robot/index.js';
import { parseRosConfig } from '../../src/ros/primitives/config.js';
import { RosPrimitives } from '../../src/ros/primitives/ros-primitives.js';
import { connectRos } from '../../src/ros/transport/rosnodejs-transport.js';
import type { RosTransport } from '../../src/ros/transport/ros-transport.js';
import type { Robot } from '../../src/robot/robot.js';
import { createSimulatedRobot } from '../../src/runtime/simulated-robot.js';
import { startRoscore, type RosNodeProcess, type Roscore } from '../helpers/roscore.js';

export interface PrimitivesWorld {
  master: Roscore;
  /** The fixture nodes, in the order given. */
  nodes: RosNodeProcess[];
  ros: RosTransport;
  primitives: RosPrimitives;
  robot: Robot;
  client: Client;
  /** The audit log's entries (parsed lines), in order. */
  audit: Array<Record<string, any>>;
  /** Another client on a server of its own (as `serve --http` opens one per session), sharing the
   *  robot and the primitives; closing it ends its session. */
  connect(name: string): Promise<{ client: Client; close(): Promise<void> }>;
  close(): Promise<void>;
}

export interface PrimitivesWorldOptions {
  /** Arm the robot first (default true): ROS actuation needs it like the robot's motion. */
  armed?: boolean;
}

/** Starts roscore and the fixture nodes, then the server with the primitives of `yaml`: a server
 *  for clients in other processes (`serve`'s: deadman on) with an audit log. */
export async function openPrimitivesWorld(yaml: string, nodes: [string, string[]][], options: PrimitivesWorldOptions = {}): Promise<PrimitivesWorld> {
  const master = await startRoscore();
  try {
    const started = await Promise.all(nodes.map(([script, args]) => master.startNode(script, args)));
    const ros = await connectRos({ masterUri: master.uri });
    const primitives = await RosPrimitives.open({ config: parseRosConfig(yaml, 'test.yaml'), ros, reservedNames: robotTools.map((t) => t.name) });
    const sr = createSimulatedRobot({ scenario: 'warehouse', seed: 1 });
    if (options.armed ?? true) sr.robot.arm();
    const audit: Array<Record<string, any>> = [];
    const auditLog = new AuditLog(sr.robot, Date.now, (line) => void audit.push(JSON.parse(line)));
    const connect = async (name: string) => {
      const server = createRobotMcpServer({ robot: sr.robot, wallClock: Date.now, rng: sr.toolRng, version: '0.0.0-test', extensions: [primitives], remote: { allowUnconfirmedReset: true }, audit: auditLog });
      const conn = await connectInProcess(server, { name, version: '1.0.0' });
      return { client: conn.client, close: () => conn.close() };
    };
    const conn = await connect('primitives-test');
    return {
      master,
      nodes: started,
      ros,
      primitives,
      robot: sr.robot,
      client: conn.client,
      audit,
      connect,
      async close() {
        await conn.close();
        auditLog.close();
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
