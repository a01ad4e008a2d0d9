import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelOfId, parseTrackerId } from '../../src/core/names.js';
import type { ReplayEvent } from '../../src/replay/replay-format.js';
import { readReplay } from '../../src/replay/replay-reader.js';
import { DEFAULT_ROBOT_CONFIG } from '../../src/sim/robot-config.js';
import { parseScenario } from '../../src/sim/scenario.js';

/**
 * Replays checked for truth, not only repeatability: every object a committed replay's tool
 * results report (a tracker id with a position) must be a real object of that class within
 * 0.3 m of where it really was at that moment. The truth is the header's scenario, followed
 * through the recording: the robot's gripper is the only thing that moves objects, so a grasp
 * takes the object at the jaws off the floor and a release puts it down at the drop point, both
 * read from the pose the recorded result gives (the simulator's own pose at that moment). A
 * status's `last_detections` are what the last look saw, so they are held to the world as it was
 * then (an object picked up since was there when it was seen).
 */

const DIR = 'missions/replays';
const TOLERANCE_M = 0.3;
const files = readdirSync(DIR).filter((f) => f.endsWith('.jsonl')).sort();

interface TrueObject {
  id: string;
  label: string;
  x: number;
  y: number;
  held: boolean;
}

interface Report {
  call: number;
  tool: string;
  id: string;
  x: number;
  y: number;
}

type Finished = Extract<ReplayEvent, { type: 'tool_call_finished' }>;

/** Every `{ id: "<label>#<n>", position: { x, y } }` anywhere in a result: what the robot reported. */
function reportedObjects(node: unknown, out: Array<{ id: string; x: number; y: number }> = []): Array<{ id: string; x: number; y: number }> {
  if (Array.isArray(node)) node.forEach((n) => reportedObjects(n, out));
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    const pos = o.position as { x?: unknown; y?: unknown } | undefined;
    if (typeof o.id === 'string' && parseTrackerId(o.id) && typeof pos?.x === 'number' && typeof pos.y === 'number') out.push({ id: o.id, x: pos.x, y: pos.y });
    Object.values(o).forEach((v) => reportedObjects(v, out));
  }
  return out;
}

/** Where the gripper holds and drops things, from the base pose a result reports. */
function jawsAt(pose: { x: number; y: number; heading_deg: number }): { x: number; y: number } {
  const h = (pose.heading_deg * Math.PI) / 180;
  const d = DEFAULT_ROBOT_CONFIG.gripper.dropDistance;
  return { x: pose.x + d * Math.cos(h), y: pose.y + d * Math.sin(h) };
}

/** How many object reports a replay holds, and those that match no real object of their class
 *  near where it was when reported. */
function checkReports(file: string): { checked: number; untrue: Array<Report & { nearest: string }> } {
  const { header, events } = readReplay(file);
  const scenario = parseScenario(header.scenario.content, file);
  const world: TrueObject[] = scenario.objects.map((o) => ({ id: o.id, label: `${o.color}_${o.shape}`, x: o.x, y: o.y, held: false }));
  const bad: Array<Report & { nearest: string }> = [];
  let checked = 0;
  let lastLook = world.map((o) => ({ ...o }));
  const finished = events.filter((e): e is Finished => e.type === 'tool_call_finished');
  finished.forEach((e, i) => {
    const data = e.result.structuredContent as Record<string, unknown> | undefined;
    if (e.result.isError || !data) return;
    const { last_detections: lastSeen, ...now } = data;
    const reports = [...reportedObjects(now).map((r) => ({ r, truth: world })), ...reportedObjects(lastSeen).map((r) => ({ r, truth: lastLook }))];
    for (const { r, truth } of reports) {
      checked++;
      const label = labelOfId(r.id);
      const candidates = truth.filter((o) => !o.held && o.label === label).map((o) => ({ o, d: Math.hypot(o.x - r.x, o.y - r.y) }));
      const best = candidates.sort((a, b) => a.d - b.d)[0];
      if (!best || best.d > TOLERANCE_M) {
        bad.push({ call: i + 1, tool: e.name, ...r, nearest: best ? `${best.o.id} at (${best.o.x.toFixed(2)}, ${best.o.y.toFixed(2)}), ${best.d.toFixed(2)} m away` : `no ${label} in the world` });
      }
    }
    if (e.name === 'detect_objects' || e.name === 'scan_surroundings') lastLook = world.map((o) => ({ ...o }));
    const pose = data.pose as { x: number; y: number; heading_deg: number } | undefined;
    if (!pose) return;
    if (e.name === 'grasp_object' && typeof data.holding === 'string') {
      const jaws = jawsAt(pose);
      const taken = world.filter((o) => !o.held).sort((a, b) => Math.hypot(a.x - jaws.x, a.y - jaws.y) - Math.hypot(b.x - jaws.x, b.y - jaws.y))[0];
      if (taken) taken.held = true;
    }
    if (e.name === 'release_object') {
      const dropped = world.find((o) => o.held);
      if (dropped) Object.assign(dropped, { ...jawsAt(pose), held: false });
    }
  });
  return { checked, untrue: bad };
}

describe('committed replays tell the truth', () => {
  it('reads the recorded mission set, and finds object reports in it to check', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    const checked = files.reduce((n, f) => n + checkReports(join(DIR, f)).checked, 0);
    expect(checked).toBeGreaterThan(20);
  });

  it.each(files)('%s reports only objects that are really there', (file) => {
    expect(checkReports(join(DIR, file)).untrue).toEqual([]);
  });
});
