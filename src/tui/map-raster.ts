import { type StaticMap } from '../core/map.js';
import type { Vec2 } from '../core/geometry.js';
import { hexToRgb, type ColorDepth, type Rgb } from './ansi.js';
import { CellGrid } from './cell-grid.js';
import type { MapObject } from './robot-view.js';

/** What the map draws besides the static room: the robot, its planned path, what it has detected. */
export interface MapScene {
  pose: { x: number; y: number; heading: number } | null;
  path: Vec2[];
  objects: MapObject[];
}

/** Terminal cells are about twice as tall as wide: a row spans twice the metres of a column. */
export function mapSize(map: Pick<StaticMap, 'width' | 'depth'>, maxCols: number, maxRows: number): { cols: number; rows: number } {
  if (maxCols < 4 || maxRows < 2) return { cols: 0, rows: 0 };
  const metresPerCol = Math.max(map.width / maxCols, map.depth / (2 * maxRows));
  return {
    cols: Math.max(1, Math.min(maxCols, Math.round(map.width / metresPerCol))),
    rows: Math.max(1, Math.min(maxRows, Math.round(map.depth / (2 * metresPerCol)))),
  };
}

const ARROWS = ['→', '↗', '↑', '↖', '←', '↙', '↓', '↘'];
export const SHAPE_GLYPH: Record<string, string> = { cube: '■', ball: '●', cylinder: '◉' };
export const OBJECT_RGB: Record<string, Rgb> = { red: [235, 64, 52], green: [60, 200, 80], blue: [70, 120, 255], yellow: [240, 210, 40] };
const OBSTACLE_GLYPH = '█';
const PATH_RGB: Rgb = [80, 220, 230];
const ROBOT_RGB: Rgb = [255, 255, 255];

/** The glyph for a heading (radians, counter-clockwise from +x; the map has +y up). */
export function headingArrow(heading: number): string {
  const octant = Math.round(heading / (Math.PI / 4));
  return ARROWS[((octant % 8) + 8) % 8]!;
}

/**
 * The room seen from above, `cols` x `rows` cells, +y up: a faint dot every metre, zones as
 * tinted areas with their names, obstacles as blocks, the planned path as dots (never over a
 * zone's name), detected objects by shape and colour, and the robot as an arrow along its
 * heading. The walls are the frame around it.
 */
export function rasterizeMap(map: StaticMap, scene: MapScene, cols: number, rows: number, depth: ColorDepth): string[] {
  if (cols <= 0 || rows <= 0) return [];
  const grid = new CellGrid(cols, rows);
  const col = (x: number) => Math.min(cols - 1, Math.max(0, Math.floor((x / map.width) * cols)));
  const row = (y: number) => Math.min(rows - 1, Math.max(0, rows - 1 - Math.floor((y / map.depth) * rows)));
  // A faint dot every metre, for judging distances.
  for (let x = 1; x < map.width; x++) for (let y = 1; y < map.depth; y++) grid.set(col(x), row(y), { ch: '·', fg: [90, 90, 90] });
  const fillRect = (r: { minX: number; maxX: number; minY: number; maxY: number }, paint: (c: number, w: number) => void) => {
    for (let w = row(r.maxY - 1e-6); w <= row(r.minY); w++) for (let c = col(r.minX); c <= col(r.maxX - 1e-6); c++) paint(c, w);
  };

  // Cells holding a zone's name: the path is drawn around them, so a name stays readable.
  const labelled = new Set<number>();
  for (const z of map.zones) {
    const tint = shade(hexToRgb(z.color), 0.45);
    fillRect(z, (c, w) => grid.set(c, w, { ch: depth === 1 ? '░' : ' ', bg: tint }));
    const width = col(z.maxX - 1e-6) - col(z.minX) + 1;
    const label = zoneLabel(z.name, width);
    grid.text(col(z.minX), row(z.maxY - 1e-6), label, { fg: [235, 235, 235] });
    for (let i = 0; i < [...label].length; i++) labelled.add(row(z.maxY - 1e-6) * cols + col(z.minX) + i);
  }
  for (const o of map.obstacles) fillRect(o, (c, w) => grid.set(c, w, { ch: OBSTACLE_GLYPH, fg: hexToRgb(o.color), bg: undefined }));
  const route = scene.pose && scene.path.length ? [scene.pose, ...scene.path] : scene.path;
  for (const p of alongPath(route, Math.min(map.width / cols, map.depth / rows) / 2)) {
    if (!labelled.has(row(p.y) * cols + col(p.x))) grid.set(col(p.x), row(p.y), { ch: '•', fg: PATH_RGB });
  }
  for (const o of scene.objects) grid.set(col(o.x), row(o.y), { ch: SHAPE_GLYPH[o.shape] ?? '?', fg: OBJECT_RGB[o.color] ?? [255, 255, 255], bold: true });
  if (scene.pose) grid.set(col(scene.pose.x), row(scene.pose.y), { ch: headingArrow(scene.pose.heading), fg: ROBOT_RGB, bold: true });
  return grid.lines(depth);
}

/** Points every `step` metres along a polyline. */
function alongPath(points: readonly Vec2[], step: number): Vec2[] {
  const out: Vec2[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
    for (let k = 1; k <= n; k++) out.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n });
  }
  return out;
}

/** A zone's name in `width` cells: "bin a", else "bina", else initials "ba", else cut short. */
export function zoneLabel(name: string, width: number): string {
  const parts = name.split(/[_\s-]+/).filter(Boolean);
  const candidates = [parts.join(' '), parts.join(''), ...(parts.length > 1 ? [parts.map((p) => p[0]).join('')] : [])];
  return (candidates.find((c) => c.length <= width) ?? candidates[1]!).slice(0, Math.max(1, width));
}

function shade([r, g, b]: Rgb, k: number): Rgb {
  return [Math.round(r * k), Math.round(g * k), Math.round(b * k)];
}
