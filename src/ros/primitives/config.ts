/**
 * The `--ros-config` file: which ROS topics, services and actions become MCP tools and
 * resources (robot_mcp's primitives). YAML, checked with zod; a mistake is one line naming the
 * file, the line and the field.
 */
import { readFileSync } from 'node:fs';
import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { z } from 'zod';

const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const ROS_NAME = /^\/?[A-Za-z~][A-Za-z0-9_/]*$/;
const ROS_TYPE = /^[A-Za-z][A-Za-z0-9_]*\/[A-Za-z][A-Za-z0-9_]*$/;

const name = z.string().regex(TOOL_NAME, 'a tool name: a letter, then up to 63 letters, digits, "_" or "-"');
const rosName = (what: string) => z.string().regex(ROS_NAME, `a ROS ${what} name such as /battery_state`);
const rosType = z.string().regex(ROS_TYPE, 'a ROS type such as sensor_msgs/BatteryState');
const description = z.string().max(2000).optional();
const timeoutMs = z.number().int().min(1).max(3_600_000);

export const CONFLICT_POLICIES = ['error', 'cancel', 'queue'] as const;
export type GroupPolicy = (typeof CONFLICT_POLICIES)[number];

const topicSchema = z.strictObject({
  name,
  topic: rosName('topic'),
  type: rosType,
  mode: z.enum(['subscribe', 'publish']),
  description,
  /** subscribe: how long a read waits for the first message. */
  timeout_ms: timeoutMs.default(2000),
  /** publish: latch the last message for late subscribers. */
  latch: z.boolean().default(false),
});

const serviceSchema = z.strictObject({ name, service: rosName('service'), type: rosType, description, timeout_ms: timeoutMs.default(5000) });

const actionSchema = z.strictObject({
  name,
  action: rosName('action'),
  type: rosType.refine((t) => t.endsWith('Action'), 'an action type ending in Action, such as move_base_msgs/MoveBaseAction'),
  description,
  cancellable: z.boolean().default(true),
  timeout_ms: timeoutMs.default(60_000),
  /** How long a goal waits for the action server to be there. */
  server_timeout_ms: timeoutMs.default(3000),
  group: z.string().min(1).optional(),
});

export const rosConfigSchema = z
  .strictObject({
    master: z.url({ protocol: /^https?$/ }).optional(),
    topics: z.array(topicSchema).default([]),
    services: z.array(serviceSchema).default([]),
    actions: z.array(actionSchema).default([]),
    groups: z.record(z.string(), z.enum(CONFLICT_POLICIES)).default({}),
  })
  .superRefine((config, ctx) => {
    const seen = new Map<string, string>();
    for (const section of ['topics', 'services', 'actions'] as const) {
      config[section].forEach((p, i) => {
        const earlier = seen.get(p.name);
        if (earlier) ctx.addIssue({ code: 'custom', path: [section, i, 'name'], message: `"${p.name}" is already the name of ${earlier}; each primitive needs its own name` });
        else seen.set(p.name, `${section}[${i}]`);
      });
    }
    config.actions.forEach((a, i) => {
      if (a.group !== undefined && !(a.group in config.groups)) {
        ctx.addIssue({ code: 'custom', path: ['actions', i, 'group'], message: `group "${a.group}" is not under groups: (give it a policy: error, cancel or queue)` });
      }
    });
  });

export type RosConfig = z.infer<typeof rosConfigSchema>;
export type TopicPrimitive = RosConfig['topics'][number];
export type ServicePrimitive = RosConfig['services'][number];
export type ActionPrimitive = RosConfig['actions'][number];

/** A config file that cannot be used; the message is one line. */
export class RosConfigError extends Error {
  override name = 'RosConfigError';
}

export function loadRosConfig(path: string): RosConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new RosConfigError(`cannot read --ros-config ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  return parseRosConfig(text, path);
}

export function parseRosConfig(text: string, source: string): RosConfig {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax) {
    const line = lines.linePos(syntax.pos[0]).line;
    throw new RosConfigError(`${source}:${line}: not valid YAML: ${firstLine(syntax.message)}`);
  }
  const parsed = rosConfigSchema.safeParse(doc.toJS() ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
  const line = lineOf(doc, path, lines);
  const where = path.length ? dotted(path) : 'the file';
  const what = issue.code === 'unrecognized_keys' ? `unknown field (${allowedAt(path)})` : issue.message;
  throw new RosConfigError(`${source}${line ? `:${line}` : ''}: ${where}: ${what}`);
}

/** The line of the deepest node on `path` that the document has (a missing field: its parent's). */
function lineOf(doc: Document, path: readonly PropertyKey[], lines: LineCounter): number | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n) as unknown[], true) as Node | undefined;
    if (node && typeof node === 'object' && node.range) return lines.linePos(node.range[0]).line;
    if (n > 0 && (isMap(node) || isSeq(node))) break;
  }
  return undefined;
}

function dotted(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
}

const ALLOWED: Record<string, string> = {
  '': 'master, topics, services, actions, groups',
  topics: 'name, topic, type, mode, description, timeout_ms, latch',
  services: 'name, service, type, description, timeout_ms',
  actions: 'name, action, type, description, cancellable, timeout_ms, server_timeout_ms, group',
};

function allowedAt(path: readonly PropertyKey[]): string {
  return `allowed: ${ALLOWED[path.length > 1 ? String(path[0]) : ''] ?? 'see examples/ros/primitives.yaml'}`;
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
