import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, SubscribeRequestSchema, UnsubscribeRequestSchema, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { Robot, RobotTopic } from '../robot/robot.js';
import { round } from '../core/geometry.js';
import { encodePng } from '../core/png.js';
import { ResourceNotFound } from './resource-read-replies.js';
import type { RobotEvent } from '../robot/event-log.js';
import { parameterView } from './tools/robot/parameter-tools.js';
import { detectionView, operationView, poseView, statusView } from './tools/robot/views.js';

/**
 * The robot as MCP resources (Beam Bots' state, sensors and parameters), with subscriptions:
 * a subscribed client is sent notifications/resources/updated when what it watches changes.
 */
const json = (uri: string, value: unknown): ReadResourceResult => ({
  contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }],
});

/** Which resources each robot topic touches. One parameter's resource is told apart by the
 *  parameter event's data (watchSubscriptions). */
const URIS_OF_TOPIC: Record<RobotTopic, readonly string[]> = {
  state: ['robot://state', 'robot://safety'],
  safety: ['robot://safety', 'robot://state'],
  pose: ['robot://pose', 'robot://battery'],
  operations: ['robot://operations', 'robot://state'],
  detections: ['robot://detections/latest'],
  camera: ['robot://camera/latest'],
  parameters: ['robot://parameters'],
  events: ['robot://events'],
};

/** Pose changes every physics step: tell subscribers at most this often (robot seconds). */
const POSE_THROTTLE_S = 0.5;

/** What registering the robot's resources leaves the server with. */
export interface RobotResources {
  /** Whether a resource or template answers this URI (ResourceReadReplies answers the others). */
  isKnownUri(uri: string): boolean;
  /** Whether a client subscribed to this URI (an extension's resources ask). */
  isSubscribed(uri: string): boolean;
  /** Ends the subscriptions' watch on the robot. */
  stopWatching(): void;
}

export function registerRobotResources(server: McpServer, robot: Robot, extensionKnows: (href: string) => boolean = () => false): RobotResources {
  const fixedUris = new Set<string>();
  const subscribed = new Set<string>();
  const r = (name: string, uri: string, description: string, read: () => ReadResourceResult) => {
    fixedUris.add(uri);
    server.registerResource(name, uri, { description, mimeType: uri.includes('camera') ? 'image/png' : 'application/json' }, async () => read());
  };

  r('state', 'robot://state', 'State machine state (STOPPING while the base brakes to rest), velocity, armed and e-stop flags, current operation', () => {
    const s = statusView(robot);
    return json('robot://state', { state: s.state, velocity: s.velocity, armed: s.armed, emergency_stop: s.emergency_stop, operation: s.operation, holding: s.holding, zone: s.zone, time: s.time });
  });
  r('pose', 'robot://pose', 'Position (m) and heading (degrees) of the base', () => json('robot://pose', { ...poseView(robot), time: round(robot.now()) }));
  r('safety', 'robot://safety', 'Armed, emergency stop and recent safety events', () =>
    json('robot://safety', { armed: robot.armed, emergency_stop: robot.emergencyStopped, state: robot.state, recent: robot.events.query(robot.now(), undefined, ['safety'], 10) }),
  );
  r('battery', 'robot://battery', 'Battery charge, charging state and reserve', () => {
    const s = robot.backend.readState();
    return json('robot://battery', { battery: round(s.battery, 3), charging: s.charging, on_dock: s.onDock, reserve: robot.parameters.number('battery_reserve') });
  });
  r('parameters', 'robot://parameters', 'All parameters with values, units and ranges', () =>
    json('robot://parameters', robot.parameters.definitions.map((d) => parameterView(d, robot.parameters.get(d.name)))),
  );
  const parameterHint = () => `known parameters: ${robot.parameters.definitions.map((d) => d.name).join(', ')}`;
  const parameterTemplate = new ResourceTemplate('robot://parameters/{name}', {
    list: async () => ({ resources: robot.parameters.definitions.map((d) => ({ uri: `robot://parameters/${d.name}`, name: d.name, description: d.description, mimeType: 'application/json' })) }),
    complete: { name: (value) => robot.parameters.definitions.map((d) => d.name).filter((n) => n.startsWith(value)) },
  });
  server.registerResource(
    'parameter',
    parameterTemplate,
    { description: 'One parameter with its metadata', mimeType: 'application/json' },
    async (uri, { name }) => {
      const def = robot.parameters.definitions.find((d) => d.name === name);
      if (!def) throw new ResourceNotFound(uri.href, parameterHint());
      return json(uri.href, parameterView(def, robot.parameters.get(def.name)));
    },
  );
  r('map', 'robot://map', 'Static map: room size, obstacles (boxes) and zones, metres. Objects are not on it: find them with the camera.', () => {
    const m = robot.backend.staticMap();
    const rect = (o: { minX: number; minY: number; maxX: number; maxY: number }) => ({ min_x: round(o.minX), min_y: round(o.minY), max_x: round(o.maxX), max_y: round(o.maxY) });
    return json('robot://map', {
      width: m.width,
      depth: m.depth,
      obstacles: m.obstacles.map((o) => ({ id: o.id, ...rect(o), height: o.height })),
      zones: m.zones.map((z) => ({ name: z.name, ...rect(z), center: { x: round((z.minX + z.maxX) / 2), y: round((z.minY + z.maxY) / 2) } })),
    });
  });
  r('camera', 'robot://camera/latest', 'The latest camera frame (PNG); empty before the first capture', () => {
    const frame = robot.latestFrame;
    return { contents: frame ? [{ uri: 'robot://camera/latest', mimeType: 'image/png', blob: encodePng(frame).toString('base64') }] : [] };
  });
  r('detections', 'robot://detections/latest', 'Objects found in the latest frame', () =>
    json('robot://detections/latest', { detections: robot.lastDetections.map(detectionView), seen: robot.seenObjects().map((o) => ({ id: o.id, label: o.label, x: round(o.x), y: round(o.y), last_seen: round(o.lastSeen) })) }),
  );
  r('events', 'robot://events', 'The last 100 robot events', () => json('robot://events', robot.events.query(robot.now(), undefined, undefined, 100)));
  r('operations', 'robot://operations', 'All operations of this session', () => json('robot://operations', robot.operations.list().map(operationView)));

  // Compared as the SDK looks them up: by the parsed URL's href.
  const matchesTemplate = (href: string) => parameterTemplate.uriTemplate.match(href) !== null;
  /** Why a (parseable) URI names no resource, or undefined when it names one. */
  const notFound = (uri: string): ResourceNotFound | undefined => {
    const href = new URL(uri).href;
    if (fixedUris.has(href) || extensionKnows(href)) return undefined;
    if (!matchesTemplate(href)) return new ResourceNotFound(uri, 'resources/list and resources/templates/list name the ones there are');
    const name = parameterTemplate.uriTemplate.match(href)?.name;
    return robot.parameters.definitions.some((d) => d.name === name) ? undefined : new ResourceNotFound(uri, parameterHint());
  };
  return {
    isKnownUri: (uri) => fixedUris.has(new URL(uri).href) || matchesTemplate(new URL(uri).href),
    isSubscribed: (uri) => URL.canParse(uri) && subscribed.has(new URL(uri).href),
    stopWatching: watchSubscriptions(server, robot, notFound, subscribed),
  };
}

/**
 * resources/subscribe and unsubscribe, and notifications/resources/updated for what a client
 * subscribed to, only when that changed. A URI that does not parse is -32602 and one that names
 * no resource -32002, as resources/read answers them: a subscription that could never fire is a
 * mistake to report, not to accept.
 */
function watchSubscriptions(server: McpServer, robot: Robot, notFound: (uri: string) => ResourceNotFound | undefined, subscribed: Set<string>): () => void {
  server.server.registerCapabilities({ resources: { subscribe: true } });
  server.server.setRequestHandler(SubscribeRequestSchema, async (req) => {
    const { uri } = req.params;
    if (!URL.canParse(uri)) throw new McpError(ErrorCode.InvalidParams, `invalid params for resources/subscribe: params.uri: not a URI`);
    const missing = notFound(uri);
    if (missing) throw new McpError(missing.code, missing.message, missing.data);
    subscribed.add(new URL(uri).href);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (req) => {
    if (URL.canParse(req.params.uri)) subscribed.delete(new URL(req.params.uri).href);
    return {};
  });
  const updated = (uri: string) => {
    if (subscribed.has(uri) && server.isConnected()) void server.server.sendResourceUpdated({ uri }).catch(() => undefined);
  };
  let lastPoseNotice = -Infinity;
  const stopTopics = robot.watch((topic) => {
    if (subscribed.size === 0) return;
    if (topic === 'pose') {
      if (robot.now() - lastPoseNotice < POSE_THROTTLE_S) return;
      lastPoseNotice = robot.now();
    }
    for (const uri of URIS_OF_TOPIC[topic]) updated(uri);
  });
  // The parameter event names the parameter that changed: only its resource is told.
  const stopParameters = robot.events.subscribe((e: RobotEvent) => {
    if (e.kind === 'parameter' && typeof e.data?.name === 'string') updated(`robot://parameters/${e.data.name}`);
  });
  return () => {
    stopTopics();
    stopParameters();
  };
}
