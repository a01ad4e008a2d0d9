import { eachKeptOut } from './keep-out-grounding.js';
import type { GoalReport } from '../outcome-tool.js';
import type { PlannerMap } from './beliefs.js';
import type { SkillContext } from './skills/skill-context.js';

/**
 * Whether `p` lies in a zone the mission keeps out of, or within `margin` of one: a search view
 * or a pose to look from there is one the robot would refuse to drive to (its centre must stay
 * clear of the zone by its radius and margin, so a pose to stand in takes that as `margin`).
 */
export function inKeptOutZone({ robot, beliefs }: SkillContext, p: { x: number; y: number }, margin = 0): boolean {
  return robot.driveLog.keepOut.some((k) => {
    const z = beliefs.zone(k.zone);
    return z !== undefined && p.x >= z.min_x - margin && p.x <= z.max_x + margin && p.y >= z.min_y - margin && p.y <= z.max_y + margin;
  });
}

const keptOutMaps = new WeakMap<PlannerMap, Map<string, PlannerMap>>();

/**
 * The map with each zone the mission keeps out of (but `except`, the place being delivered to)
 * standing as a box of furniture: plans made on it — where to stand to put something down, the
 * way there — keep out of those zones as they keep out of furniture, instead of choosing a pose
 * the robot must then refuse. One object per set of zones, so plans made on it can be cached.
 */
export function mapKeepingOut({ robot, beliefs }: SkillContext, except?: string): PlannerMap | null {
  const map = beliefs.map;
  const zones = [...new Set(robot.driveLog.keepOut.map((k) => k.zone))].filter((z) => z !== except).sort();
  if (!map || zones.length === 0) return map;
  let byZones = keptOutMaps.get(map);
  if (!byZones) keptOutMaps.set(map, (byZones = new Map()));
  const key = zones.join('|');
  let kept = byZones.get(key);
  if (!kept) {
    const boxes = map.zones.filter((z) => zones.includes(z.name)).map((z) => ({ id: `kept_out_${z.name}`, min_x: z.min_x, min_y: z.min_y, max_x: z.max_x, max_y: z.max_y }));
    kept = { ...map, obstacles: [...map.obstacles, ...boxes] };
    byZones.set(key, kept);
  }
  return kept;
}

/**
 * The check of "avoid Z" at the end of a mission, from the robot's own account of its path:
 * every drive was asked to keep out of Z, none was stopped for crossing into it, every drive that
 * arrived says it avoided Z (the robot watched its own pose the whole way), and no pose a result
 * reported lies in Z. Anything less is unmet, with what broke it.
 */
export function checkKeptOut(ctx: SkillContext, said: string, text: string): GoalReport {
  // "avoid the aisles": each aisle was kept out of (eachKeptOut), and each is checked.
  const each = eachKeptOut({ rule: 'avoid', said, text }, ctx.beliefs.map?.zones.map((z) => z.name) ?? []);
  if (each.length === 1) return checkOneKeptOut(ctx, said, text);
  const reports = each.map((c) => checkOneKeptOut(ctx, c.said, text));
  const unmet = reports.filter((r) => r.status !== 'met');
  return { text, status: unmet.length ? 'unmet' : 'met', evidence: (unmet.length ? unmet : reports).map((r) => r.evidence).join('; ') };
}

function checkOneKeptOut({ robot, beliefs }: SkillContext, said: string, text: string): GoalReport {
  const log = robot.driveLog;
  const zone = log.keepOut.find((k) => k.said === said)?.zone;
  if (!zone) return { text, status: 'unmet', evidence: `"${said}" was not read as a zone of the map, so no drive was kept out of it` };
  const problems: string[] = [];
  const unguarded = log.drives.filter((d) => !d.sent.includes(zone));
  if (unguarded.length) problems.push(`${unguarded.map((d) => d.tool).join(', ')} drove without being told to keep out of ${zone}`);
  const entered = log.drives.filter((d) => d.code === 'entered_avoided_zone');
  if (entered.length) problems.push(`the robot reported crossing into ${zone} (${entered.map((d) => d.tool).join(', ')})`);
  const unconfirmed = log.drives.filter((d) => d.ok && !d.avoided?.includes(zone));
  if (unconfirmed.length) problems.push(`${unconfirmed.map((d) => d.tool).join(', ')} did not report having avoided ${zone}`);
  const area = beliefs.zone(zone);
  const inside = area ? log.poses.filter((p) => p.x >= area.min_x && p.x <= area.max_x && p.y >= area.min_y && p.y <= area.max_y) : [];
  if (inside.length) problems.push(`the robot reported standing in ${zone} at ${inside.map((p) => `(${p.x}, ${p.y})`).join(', ')}`);
  if (problems.length) return { text, status: 'unmet', evidence: problems.join('; ') };
  const moved = log.drives.filter((d) => d.ok).length;
  const drives = moved ? `${moved} drive(s), each planned around ${zone} and reported to have kept out of it` : 'the mission did not drive';
  return { text, status: 'met', evidence: `${drives}; none of the ${log.poses.length} pose(s) the robot reported lies in ${zone}` };
}
