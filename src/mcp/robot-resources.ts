import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SubscribeRequestSchema, UnsubscribeRequestSchema, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { Robot, RobotTopic } from '../robot/robot.js';
import { round } from '../core/geometry.js';
import { encodePng } from '../core/png.js';
import { ResourceNotFound } from './resource-read-replies.js';
import { parameterView } from './tools/robot/parameter-tools.js';
import { detectionView, operationView, poseView, statusView } from './tools/robot/views.js';

/**
 * The robot as MCP resources (Beam Bots' state, sensors and parameters), with subscriptions:
 * a subscribed client is sent notifications/resources/updated when what it watches changes.
 */
const json = (uri: string, value: unknown): ReadResourceResult => ({
  contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }],
});

/** Which resources each robot topic touches. */
const URIS_OF_TOPIC: Record<RobotTopic, readonly string[]> = {
  state: ['robot://state', 'robot://safety'],
  safety: ['robot://safety', 'robot://state'],
  pose: ['robot://pose', 'robot://battery'],
  operations: ['robot://operations', 'robot://state'],
  detections: ['robot://detections/latest', 'robot://camera/latest'],
  parameters: ['robot://parameters'],
  events: ['robot://events'],
};

/** Pose changes every physics step: tell subscribers at most this often (robot seconds). */
const POSE_THROTTLE_S = 0.5;

/** What registering the robot's resources leaves the server with. */
export interface RobotResources {
  /** Whether a resource or template answers this URI (ResourceReadReplies answers the others). */
  isKnownUri(uri: string): boolean;
  /** Ends the subscriptions' watch on the robot. */
  stopWatching(): void;
}

export function registerRobotResources(server: McpServer, robot: Robot): RobotResources {
  const fixedUris = new Set<string>();
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
      if (!def) throw new ResourceNotFound(uri.href, `known parameters: ${robot.parameters.definitions.map((d) => d.name).join(', ')}`);
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

  return {
    // Compared as the SDK looks them up: by the parsed URL's href.
    isKnownUri(uri) {
      const href = new URL(uri).href;
      return fixedUris.has(href) || parameterTemplate.uriTemplate.match(href) !== null;
    },
    stopWatching: watchSubscriptions(server, robot),
  };
}

function watchSubscriptions(server: McpServer, robot: Robot): () => void {
  const subscribed = new Set<string>();
  server.server.registerCapabilities({ resources: { subscribe: true } });
  server.server.setRequestHandler(SubscribeRequestSchema, async (req) => {
    subscribed.add(req.params.uri);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (req) => {
    subscribed.delete(req.params.uri);
    return {};
  });
  let lastPoseNotice = -Infinity;
  return robot.watch((topic) => {
    if (subscribed.size === 0 || !server.isConnected()) return;
    if (topic === 'pose') {
      if (robot.now() - lastPoseNotice < POSE_THROTTLE_S) return;
      lastPoseNotice = robot.now();
    }
    for (const uri of URIS_OF_TOPIC[topic]) {
      const hit = uri === 'robot://parameters' ? [...subscribed].filter((u) => u.startsWith(uri)) : subscribed.has(uri) ? [uri] : [];
      for (const u of hit) void server.server.sendResourceUpdated({ uri: u }).catch(() => undefined);
    }
  });
}
