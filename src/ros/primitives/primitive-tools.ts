/**
 * One MCP tool per configured primitive: a subscribed topic reads its latest message (with its
 * age, waiting for the first), a published topic publishes one, a service is called, an action
 * goal becomes an operation. Input and output schemas come from the message definitions.
 */
import { z } from 'zod';
import { defineTool, isToolFailure, toolFailure, type AnyToolDeclaration, type ToolCategory, type ToolFailure, type ToolImage } from '../../mcp/tool-declaration.js';
import type { CallerSession } from '../../mcp/caller-session.js';
import { detachArg } from '../../mcp/tools/robot/session-motion.js';
import { operationSchema } from '../../mcp/tools/robot/views.js';
import { RosCallError, RosTimeoutError, type RosPublisher, type RosTransport } from '../transport/ros-transport.js';
import type { ActionPrimitive, RosConfig, ServicePrimitive, TopicPrimitive } from './config.js';
import { flatten, fromRos, toRos } from './conversion.js';
import { IMAGE_TYPES, ImageConversionError, imageContent } from './image-content.js';
import { messageSchema, messageShape, type Resolve } from './message-schema.js';
import type { RosGoalOperations } from './action-operations.js';
import type { TopicCache } from './topic-cache.js';

/** What the ROS tools work with. */
export interface RosToolContext {
  ros: RosTransport;
  topics: TopicCache;
  goals: RosGoalOperations;
  wallMs: () => number;
  /** The calling client: audit log and deadman (absent when not attached to a server). */
  session?: CallerSession;
  /** Why the robot may not actuate now (e-stop, fault, disarmed); read-only topic reads ignore it. */
  actuationRefusal?: (what: string) => ToolFailure | undefined;
}

const define = defineTool<RosToolContext>();
const hints = (readOnly: boolean) => ({ readOnlyHint: readOnly, destructiveHint: !readOnly, idempotentHint: readOnly, openWorldHint: true });

/** Publishers by topic, advertised when the server starts (advertisePublishers). */
export type Publishers = ReadonlyMap<string, RosPublisher>;

/**
 * Advertises every publish primitive's topic (latched if configured) before any tool is called:
 * advertising at the first publish sent that message before any subscriber could connect, so it
 * was lost.
 */
export async function advertisePublishers(config: RosConfig, ros: RosTransport): Promise<Publishers> {
  const publishers = new Map<string, RosPublisher>();
  for (const p of config.topics.filter((t) => t.mode === 'publish')) {
    if (!publishers.has(p.topic)) publishers.set(p.topic, await ros.advertise(p.topic, p.type, { latch: p.latch }));
  }
  return publishers;
}

export function primitiveTools(config: RosConfig, ros: RosTransport, publishers: Publishers): AnyToolDeclaration<RosToolContext>[] {
  const cache = new Map<string, z.ZodObject>();
  const resolve: Resolve = (type) => ros.messageDefinition(type);
  return [
    ...config.topics.map((p) => (p.mode === 'subscribe' ? readTool(p, resolve, cache) : publishTool(p, publishers.get(p.topic)!, resolve, cache))),
    ...config.services.map((p) => serviceTool(p, ros, resolve, cache)),
    ...config.actions.map((p) => actionTool(p, ros, resolve, cache)),
  ];
}

/** A received message as JSON; an image's pixels go out as image content instead. */
export function topicReading(p: TopicPrimitive, message: Record<string, unknown>, resolve: Resolve): { json: Record<string, unknown>; image?: ToolImage } {
  const isImage = IMAGE_TYPES.has(p.type);
  const json = fromRos(resolve(p.type), message, resolve, isImage ? ['data'] : []);
  return isImage ? { json, image: imageContent(p.type, message) } : { json };
}

function readTool(p: TopicPrimitive, resolve: Resolve, cache: Map<string, z.ZodObject>) {
  const isImage = IMAGE_TYPES.has(p.type);
  const message = isImage ? z.object(messageShape(resolve(p.type), resolve, 'output', cache, ['data'])) : messageSchema(p.type, resolve, 'output', cache);
  return define({
    name: p.name,
    title: `Read ${p.topic}`,
    description: `${p.description ?? `The latest ${p.type} message on ${p.topic}.`} Returns the latest message and its age; waits up to timeout_ms for the first.${isImage ? ' The image comes as image content.' : ''}`,
    input: { timeout_ms: z.number().int().min(0).max(60_000).optional().describe(`how long to wait for a first message (default ${p.timeout_ms})`) },
    output: z.object({ topic: z.string(), type: z.string(), age_s: z.number().describe('seconds since it arrived'), message }),
    annotations: hints(true),
    category: (isImage ? 'perception' : 'status') as ToolCategory,
    needsConfirmation: false,
    timeoutSeconds: Math.ceil(p.timeout_ms / 1000) + 5,
    async handler({ topics, wallMs }, { timeout_ms }, extra) {
      const waitMs = timeout_ms ?? p.timeout_ms;
      const latest = await topics.read(p.name, waitMs, extra.signal);
      if (!latest) return toolFailure('timeout', `no message on ${p.topic} (${p.type}) within ${waitMs} ms: is its publisher running? (rostopic info ${p.topic})`);
      const age = Math.max(0, Math.round(wallMs() - latest.receivedAt) / 1000);
      try {
        const { json, image } = topicReading(p, latest.message, resolve);
        return { output: { topic: p.topic, type: p.type, age_s: age, message: json }, summary: `${p.topic}: ${p.type}, ${age} s old`, ...(image ? { image } : {}) };
      } catch (e) {
        if (e instanceof ImageConversionError) return toolFailure('failed', `${p.topic}: ${e.message}`);
        throw e;
      }
    },
  });
}

function publishTool(p: TopicPrimitive, publisher: RosPublisher, resolve: Resolve, cache: Map<string, z.ZodObject>) {
  const def = resolve(p.type);
  return define({
    name: p.name,
    title: `Publish on ${p.topic}`,
    description: `${p.description ?? `Publish one ${p.type} message on ${p.topic}.`} Arguments are the message's fields; missing ones are zero.`,
    input: messageShape(def, resolve, 'input', cache),
    output: z.object({ topic: z.string(), type: z.string(), subscribers: z.number().int().describe('subscribers connected when it was sent') }),
    annotations: hints(false),
    category: 'motion',
    needsConfirmation: false,
    timeoutSeconds: 5,
    async handler({ actuationRefusal }, args) {
      const refused = actuationRefusal?.(`publish on ${p.topic}`);
      if (refused) return refused;
      publisher.publish(toRos(def, args, resolve));
      const subscribers = publisher.subscriberCount();
      return { output: { topic: p.topic, type: p.type, subscribers }, summary: `published on ${p.topic} (${subscribers} subscriber(s))` };
    },
  });
}

function serviceTool(p: ServicePrimitive, ros: RosTransport, resolve: Resolve, cache: Map<string, z.ZodObject>) {
  const srv = ros.serviceDefinition(p.type);
  return define({
    name: p.name,
    title: `Call ${p.service}`,
    description: `${p.description ?? `Call the ${p.type} service ${p.service}.`} Arguments are the request's fields; missing ones are zero.`,
    input: messageShape(srv.request, resolve, 'input', cache),
    output: z.object({ service: z.string(), type: z.string(), response: z.object(messageShape(srv.response, resolve, 'output', cache)) }),
    annotations: hints(false),
    // Not a utility: a service call may actuate the robot, so it is audited and needs arming.
    category: 'motion',
    needsConfirmation: false,
    timeoutSeconds: Math.ceil(p.timeout_ms / 1000) + 5,
    async handler({ ros, actuationRefusal }, args) {
      const refused = actuationRefusal?.(`call ${p.service}`);
      if (refused) return refused;
      try {
        const reply = await ros.callService(p.service, p.type, toRos(srv.request, args, resolve), p.timeout_ms);
        const response = fromRos(srv.response, reply, resolve);
        return { output: { service: p.service, type: p.type, response }, summary: `${p.service} answered` };
      } catch (e) {
        if (e instanceof RosTimeoutError) return toolFailure('timeout', e.message);
        if (e instanceof RosCallError) return toolFailure('unavailable', e.message);
        throw e;
      }
    },
  });
}

function actionTool(p: ActionPrimitive, ros: RosTransport, resolve: Resolve, cache: Map<string, z.ZodObject>) {
  const action = ros.actionDefinition(p.type);
  const client = ros.actionClient(p.action, p.type);
  return define({
    name: p.name,
    title: `Send a ${p.action} goal`,
    description:
      `${p.description ?? `Send a ${p.type} goal to ${p.action}.`} Arguments are the goal's fields; missing ones are zero. ` +
      `Returns an operation at once: follow it with get_operation (wait_seconds to wait), ${p.cancellable ? 'stop it with cancel_operation' : 'it cannot be cancelled'}. Times out after ${p.timeout_ms} ms. ` +
      'Needs the robot armed and no e-stop; served to another process, the goal is cancelled if this client disconnects first unless detach is true.' +
      (p.group ? ` Group ${p.group}: one goal at a time.` : ''),
    // detach as on the robot's motion tools, unless the goal has a field of that name.
    input: { ...(action.goal.fields.some((f) => f.name === 'detach') ? {} : { detach: detachArg }), ...messageShape(action.goal, resolve, 'input', cache) },
    output: operationSchema,
    annotations: hints(false),
    category: 'motion',
    needsConfirmation: false,
    timeoutSeconds: Math.ceil(p.server_timeout_ms / 1000) + 5,
    async handler({ goals, session, actuationRefusal }, args) {
      const refused = actuationRefusal?.(`send a ${p.action} goal`);
      if (refused) return refused;
      const started = await goals.request(
        {
          name: p.name,
          action: p.action,
          client,
          cancellable: p.cancellable,
          timeoutMs: p.timeout_ms,
          serverTimeoutMs: p.server_timeout_ms,
          ...(p.group !== undefined ? { group: p.group } : {}),
          resultJson: (r) => flatten(fromRos(action.result, r, resolve)),
          feedbackJson: (f) => flatten(fromRos(action.feedback, f, resolve)),
        },
        toRos(action.goal, args, resolve),
      );
      if (isToolFailure(started)) return started;
      // The deadman cancels the goal if this client goes away first, as for the robot's motion.
      const { id } = started;
      const detach = (args as { detach?: unknown }).detach === true;
      session?.ownExternal({ id, active: () => goals.isActive(id), stop: (reason) => void goals.cancel(id, reason) }, detach);
      return { output: started, summary: `${started.id} ${started.kind} ${started.status}` };
    },
  });
}
