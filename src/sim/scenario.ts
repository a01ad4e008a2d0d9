import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { OBJECT_COLORS, OBJECT_SHAPES } from '../core/objects.js';
import { builtInScenarioDir, builtInScenarioNames } from './scenario-dir.js';
import { readTextFile } from '../core/read-file.js';
import { firstIssue } from '../core/schema-issue.js';

/**
 * Scenario files: the room, its obstacles, zones and objects, and where the robot starts.
 * They live in `missions/scenarios/*.json` and are validated here, so a broken file is reported
 * with the path of the offending field instead of failing somewhere inside the simulator.
 */


const finite = z.number().finite();
const positive = finite.positive();
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like "#a0b1c2"');
const identifier = z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be lower_snake_case');

export const ObstacleSpec = z.object({
  id: identifier,
  /** Centre of the box on the floor. */
  x: finite,
  y: finite,
  width: positive.describe('extent along x, metres'),
  depth: positive.describe('extent along y, metres'),
  height: positive.default(1),
  color: hexColor.default('#8a7f72'),
});

export const ZoneSpec = z.object({
  name: identifier,
  x: finite,
  y: finite,
  width: positive,
  depth: positive,
  color: hexColor.optional(),
});

export const ObjectSpec = z.object({
  id: identifier,
  color: z.enum(OBJECT_COLORS),
  shape: z.enum(OBJECT_SHAPES),
  /** Edge length of a cube, diameter of a ball or cylinder, metres. */
  size: positive.max(0.4).default(0.12),
  x: finite,
  y: finite,
  yaw: finite.default(0),
});

export const LightingSpec = z.object({
  /** Overall light level; 1 is a well-lit room, 0.3 is dim. */
  brightness: finite.min(0.05).max(2).default(1),
  /** Share of light that is ambient rather than from the ceiling lamp. */
  ambient: finite.min(0).max(1).default(0.45),
  wallColor: hexColor.default('#c9c4b8'),
  floorColor: hexColor.default('#9c9a94'),
});

export const RobotStartSpec = z.object({
  x: finite,
  y: finite,
  heading: finite.default(0),
  battery: finite.min(0).max(1).default(0.9),
});

export const ScenarioSpec = z
  .object({
    name: identifier.or(z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be lower-kebab-case')),
    summary: z.string().min(1),
    room: z.object({ width: positive.max(100), depth: positive.max(100) }),
    lighting: LightingSpec.default({ brightness: 1, ambient: 0.45, wallColor: '#c9c4b8', floorColor: '#9c9a94' }),
    obstacles: z.array(ObstacleSpec).default([]),
    zones: z.array(ZoneSpec).min(1),
    objects: z.array(ObjectSpec).default([]),
    robot: RobotStartSpec,
  })
  .superRefine((s, ctx) => {
    const inRoom = (x: number, y: number) => x > 0 && y > 0 && x < s.room.width && y < s.room.depth;
    s.objects.forEach((o, i) => {
      if (!inRoom(o.x, o.y)) ctx.addIssue({ code: 'custom', path: ['objects', i, 'x'], message: `object "${o.id}" is outside the room` });
    });
    s.zones.forEach((z, i) => {
      if (!inRoom(z.x, z.y)) ctx.addIssue({ code: 'custom', path: ['zones', i, 'x'], message: `zone "${z.name}" is outside the room` });
    });
    if (!inRoom(s.robot.x, s.robot.y)) ctx.addIssue({ code: 'custom', path: ['robot', 'x'], message: 'the robot starts outside the room' });
    const ids = new Set<string>();
    for (const [i, o] of s.objects.entries()) {
      if (ids.has(o.id)) ctx.addIssue({ code: 'custom', path: ['objects', i, 'id'], message: `duplicate object id "${o.id}"` });
      ids.add(o.id);
    }
  });

export type Scenario = z.output<typeof ScenarioSpec>;
export type ObstacleDef = z.output<typeof ObstacleSpec>;
export type ZoneDef = z.output<typeof ZoneSpec>;
export type ObjectDef = z.output<typeof ObjectSpec>;

/** A user-facing problem with a scenario: unknown name, unreadable file or invalid content. */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

export { builtInScenarioDir } from './scenario-dir.js';

export function listScenarios(dir = builtInScenarioDir()): Scenario[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => loadScenarioFile(join(dir, f)));
}

/** Loads a scenario by built-in name (`warehouse`) or by path to a JSON file. */
export function loadScenario(nameOrPath: string, dir = builtInScenarioDir()): Scenario {
  const looksLikePath = nameOrPath.includes('/') || nameOrPath.endsWith('.json');
  if (looksLikePath) return loadScenarioFile(nameOrPath);
  const file = join(dir, `${nameOrPath}.json`);
  if (!existsSync(file)) {
    throw new ScenarioError(`unknown scenario "${nameOrPath}"; built-in scenarios: ${builtInScenarioNames(dir).join(', ')} (or give a path to a .json file)`);
  }
  return loadScenarioFile(file);
}

export function loadScenarioFile(file: string): Scenario {
  const text = readTextFile(file, { what: 'scenario file', errorClass: ScenarioError });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ScenarioError(`scenario file ${file} is not valid JSON: ${(e as Error).message}`);
  }
  return parseScenario(raw, file);
}

export function parseScenario(raw: unknown, source = 'scenario'): Scenario {
  const result = ScenarioSpec.safeParse(raw);
  if (!result.success) {
    const { field, message } = firstIssue(result.error);
    throw new ScenarioError(`${source}: field "${field}" ${message}`);
  }
  return result.data;
}
