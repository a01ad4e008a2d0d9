/**
 * Colour for the rasters the TUI draws itself (map, camera): SGR escapes at the depth the
 * terminal supports — 24-bit, 256 colours, 16 colours, or none at all (glyphs only).
 */
export type ColorDepth = 1 | 4 | 8 | 24;
export type Rgb = readonly [number, number, number];

export const RESET = '\x1b[0m';

/** What the output stream can show; Node's own detection honours NO_COLOR, FORCE_COLOR, COLORTERM and TERM. */
export function colorDepthOf(stream: { isTTY?: boolean; getColorDepth?: (env?: NodeJS.ProcessEnv) => number }, env: NodeJS.ProcessEnv): ColorDepth {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 1;
  if (!stream.isTTY || typeof stream.getColorDepth !== 'function') return 1;
  const depth = stream.getColorDepth(env);
  return depth >= 24 ? 24 : depth >= 8 ? 8 : depth >= 4 ? 4 : 1;
}

export function hexToRgb(hex: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : [128, 128, 128];
}

/** The SGR parameters selecting `rgb` as foreground (base 38) or background (base 48). */
function sgr(rgb: Rgb, depth: ColorDepth, base: 38 | 48): string {
  const [r, g, b] = rgb;
  if (depth === 24) return `${base};2;${r};${g};${b}`;
  if (depth === 8) return `${base};5;${ansi256(rgb)}`;
  const index = ansi16(rgb);
  const offset = base === 38 ? 30 : 40;
  return String(index < 8 ? offset + index : offset + 60 + index - 8);
}

export function fg(rgb: Rgb, depth: ColorDepth): string {
  return depth === 1 ? '' : `\x1b[${sgr(rgb, depth, 38)}m`;
}

export function bg(rgb: Rgb, depth: ColorDepth): string {
  return depth === 1 ? '' : `\x1b[${sgr(rgb, depth, 48)}m`;
}

/** `text` in the given colours; plain text at depth 1. */
export function paint(text: string, style: { fg?: Rgb; bg?: Rgb; bold?: boolean }, depth: ColorDepth): string {
  if (depth === 1 || text === '') return text;
  const open = `${style.bold ? '\x1b[1m' : ''}${style.fg ? fg(style.fg, depth) : ''}${style.bg ? bg(style.bg, depth) : ''}`;
  return open ? `${open}${text}${RESET}` : text;
}

/** xterm 256-colour index: the 6x6x6 cube or the grey ramp, whichever is nearer. */
export function ansi256([r, g, b]: Rgb): number {
  const level = (v: number) => (v < 48 ? 0 : v < 115 ? 1 : Math.floor((v - 35) / 40));
  const cube = [level(r), level(g), level(b)] as const;
  const cubeRgb = cube.map((l) => (l === 0 ? 0 : 55 + l * 40));
  const grey = Math.max(0, Math.min(23, Math.round(((r + g + b) / 3 - 8) / 10)));
  const greyValue = 8 + grey * 10;
  const dist = (c: readonly number[]) => (c[0]! - r) ** 2 + (c[1]! - g) ** 2 + (c[2]! - b) ** 2;
  return dist([greyValue, greyValue, greyValue]) < dist(cubeRgb) ? 232 + grey : 16 + 36 * cube[0] + 6 * cube[1] + cube[2];
}

const BASIC16: Rgb[] = [
  [0, 0, 0], [205, 0, 0], [0, 205, 0], [205, 205, 0], [0, 0, 238], [205, 0, 205], [0, 205, 205], [229, 229, 229],
  [127, 127, 127], [255, 0, 0], [0, 255, 0], [255, 255, 0], [92, 92, 255], [255, 0, 255], [0, 255, 255], [255, 255, 255],
];

/** Index 0..15 of the nearest basic terminal colour. */
export function ansi16(rgb: Rgb): number {
  let best = 0;
  let bestD = Infinity;
  BASIC16.forEach((c, i) => {
    const d = (c[0] - rgb[0]) ** 2 + (c[1] - rgb[1]) ** 2 + (c[2] - rgb[2]) ** 2;
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
}

/** Removes SGR escapes: what a colourless terminal (or a test) reads. */
export function stripAnsi(text: string): string {
  return text.replace(/\x1b\[[0-9;]*m/g, '');
}
