/**
 * The `--ros-config` primitives as an extension of the robot MCP server: their tools and
 * `ros://topics/<name>` resources join the robot's on the same server, and action goals are
 * operations the robot's operation tools read and cancel. One RosPrimitives holds the
 * subscriptions and goals; it can be attached to several servers in turn (a session opens one
 * per world, `serve --http` one per client).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { auditedTools } from '../../mcp/audited-tools.js';
import { registerTools } from '../../mcp/server-builder.js';
import type { AttachedExtension, ExtensionHost, RobotServerExtension } from '../../mcp/server-extension.js';
import type { AnyToolDeclaration } from '../../mcp/tool-declaration.js';
import type { RosTransport } from '../transport/ros-transport.js';
import { RosConfigError, type RosConfig, type TopicPrimitive } from './config.js';
import { RosGoalOperations } from './action-operations.js';
import { advertisePublishers, primitiveTools, topicReading, type Publishers, type RosToolContext } from './primitive-tools.js';
import { TopicCache } from './topic-cache.js';

/** A subscriber is told a topic changed at most this often. */
const UPDATE_THROTTLE_MS = 200;
const CANCEL_GRACE_MS = 1000;
const ZERO_TWIST = { linear: { x: 0, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } };

export interface RosPrimitivesOptions {
  config: RosConfig;
  ros: RosTransport;
  /** Tool names the server already has (the robot's): a primitive may not take one. */
  reservedNames?: readonly string[];
  /** Wall clock, epoch ms (message ages, operation times). */
  wallMs?: () => number;
  /** Told about programming errors inside a tool. */
  onInternalError?: (tool: string, error: unknown) => void;
}

export class RosPrimitives implements RobotServerExtension {
  private constructor(
    private readonly config: RosConfig,
    private readonly ctx: RosToolContext,
    private readonly tools: AnyToolDeclaration<RosToolContext>[],
    private readonly publishers: Publishers,
    private readonly onInternalError?: (tool: string, error: unknown) => void,
  ) {}

  /** Checks every type against the installed definitions (RosUnknownTypeError names one that is
   *  not), subscribes to the subscribed topics, advertises the published ones and builds the tools. */
  static async open(opts: RosPrimitivesOptions): Promise<RosPrimitives> {
    const { config, ros } = opts;
    const wallMs = opts.wallMs ?? Date.now;
    const taken = new Set(opts.reservedNames ?? []);
    for (const p of [...config.topics, ...config.services, ...config.actions]) {
      if (taken.has(p.name)) throw new RosConfigError(`ROS primitive "${p.name}" has the name of a robot tool; rename it in the ROS config`);
    }
    const topics = new TopicCache(wallMs);
    const publishers = await advertisePublishers(config, ros);
    const tools = primitiveTools(config, ros, publishers);
    for (const p of config.topics.filter((t) => t.mode === 'subscribe')) await topics.subscribe(ros, p.name, p.topic, p.type);
    const goals = new RosGoalOperations(config.groups, wallMs);
    return new RosPrimitives(config, { ros, topics, goals, wallMs }, tools, publishers, opts.onInternalError);
  }

  get toolNames(): string[] {
    return this.tools.map((t) => t.name);
  }

  attach(server: McpServer, host: ExtensionHost): AttachedExtension {
    // Per server: its client's audit log and deadman, and the robot's arming and e-stop.
    const ctx: RosToolContext = { ...this.ctx, session: host.session, actuationRefusal: host.actuationRefusal };
    registerTools(server, auditedTools(this.tools), ctx, { onInternalError: this.onInternalError });
    const subscribed = this.config.topics.filter((t) => t.mode === 'subscribe');
    const uris = new Map(subscribed.map((p) => [topicUri(p), p]));
    for (const [uri, p] of uris) {
      server.registerResource(`ros-${p.name}`, uri, { description: `The latest ${p.type} message on ${p.topic}`, mimeType: this.isImage(p) ? 'image/png' : 'application/json' }, async () => this.read(uri, p));
    }
    const lastSent = new Map<string, number>();
    const stop = this.ctx.topics.onMessage((name) => {
      const uri = `ros://topics/${name}`;
      const now = this.ctx.wallMs();
      if (!host.isSubscribed(uri) || !server.isConnected() || now - (lastSent.get(uri) ?? -Infinity) < UPDATE_THROTTLE_MS) return;
      lastSent.set(uri, now);
      void server.server.sendResourceUpdated({ uri }).catch(() => undefined);
    });
    const unStop = host.onRobotStop((reason) => this.haltAll(reason));
    return {
      tools: this.tools as AnyToolDeclaration<never>[],
      isKnownUri: (uri) => URL.canParse(uri) && uris.has(new URL(uri).href),
      operations: this.ctx.goals,
      detach: () => {
        stop();
        unStop();
      },
    };
  }

  /** The robot stopped everything: so do the goals it sent, and every velocity topic gets a zero
   *  Twist, as a base driven by /cmd_vel would otherwise keep its last command. */
  private haltAll(reason: string): void {
    this.ctx.goals.cancelAll(`the robot stopped: ${reason}`);
    for (const p of this.config.topics) {
      if (p.mode === 'publish' && p.type === 'geometry_msgs/Twist') this.publishers.get(p.topic)?.publish(ZERO_TWIST);
    }
  }

  /** Cancels every goal still pending or running and leaves the topics. */
  async close(): Promise<void> {
    if (this.ctx.goals.cancelAll('the ROS primitives are shutting down') > 0) {
      // Give the cancels a moment to reach the action servers before the node leaves the graph.
      await Promise.race([this.ctx.goals.settled(), new Promise((resolve) => setTimeout(resolve, CANCEL_GRACE_MS))]);
    }
    await this.ctx.topics.close();
    await Promise.all([...this.publishers.values()].map((p) => p.close()));
  }

  private isImage(p: TopicPrimitive): boolean {
    return p.type === 'sensor_msgs/Image' || p.type === 'sensor_msgs/CompressedImage';
  }

  private read(uri: string, p: TopicPrimitive): ReadResourceResult {
    const latest = this.ctx.topics.get(p.name);
    if (!latest) return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ topic: p.topic, type: p.type, message: null }) }] };
    const resolve = (type: string) => this.ctx.ros.messageDefinition(type);
    const { json, image } = topicReading(p, latest.message, resolve);
    if (image) return { contents: [{ uri, mimeType: image.mimeType, blob: image.data }] };
    const age = Math.round(this.ctx.wallMs() - latest.receivedAt) / 1000;
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ topic: p.topic, type: p.type, age_s: age, message: json }, null, 2) }] };
  }
}

function topicUri(p: TopicPrimitive): string {
  return new URL(`ros://topics/${p.name}`).href;
}
