import { describe, expect, it } from 'vitest';
import { ansi16, ansi256, colorDepthOf, paint, stripAnsi } from '../../src/tui/ansi.js';
import { cameraSize, rasterizeFrame, type FrameImage } from '../../src/tui/camera-raster.js';
import { headingArrow, mapSize, rasterizeMap, zoneLabel } from '../../src/tui/map-raster.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { World } from '../../src/sim/world.js';

const map = new World(loadScenario('warehouse')).map;

/** A 10x10 m room with one obstacle and one zone, for exact cell positions. */
const room = {
  width: 10,
  depth: 10,
  obstacles: [{ id: 'box', minX: 4, maxX: 6, minY: 4, maxY: 6, height: 1, color: '#806040' }],
  zones: [{ name: 'bin_a', minX: 0, maxX: 4, minY: 0, maxY: 2, color: '#8fb3c9' }],
};

describe('the map raster', () => {
  it('keeps the room in proportion (cells twice as tall as wide)', () => {
    expect(mapSize(map, 40, 16)).toEqual({ cols: 40, rows: 16 });
    expect(mapSize(map, 80, 16)).toEqual({ cols: 40, rows: 16 });
    expect(mapSize(map, 20, 40)).toEqual({ cols: 20, rows: 8 });
    expect(mapSize(map, 2, 2)).toEqual({ cols: 0, rows: 0 });
  });

  it('draws zones, obstacles, the robot with its heading, its path and detected objects', () => {
    const lines = rasterizeMap(room, { pose: { x: 1, y: 9, heading: 0 }, path: [{ x: 9, y: 9 }], objects: [{ id: 'red_cube#1', label: 'red_cube', color: 'red', shape: 'cube', x: 8.5, y: 1.5 }] }, 10, 5, 1);
    expect(lines).toHaveLength(5);
    expect(lines.every((l) => [...l].length === 10)).toBe(true);
    expect(lines[0]![1]).toBe('→'); // robot at (1, 9): top row, second column
    expect(lines[0]!.slice(2, 10)).toBe('••••••••'); // the path to (9, 9)
    expect(lines[2]!.slice(4, 6)).toBe('██'); // the obstacle in the middle
    expect(lines[4]!.slice(0, 4)).toBe('bina'); // zone label squeezed into 4 cells
    expect(lines[4]![8]).toBe('■'); // the red cube the robot saw
  });

  it('draws the path around a zone\'s name, never over it', () => {
    // From (1, 9) down through bin_a's name (its top row, cells 0..3) to (1, 0.5).
    const scene = { pose: { x: 1, y: 9, heading: -Math.PI / 2 }, path: [{ x: 1, y: 0.5 }], objects: [] };
    const lines = rasterizeMap(room, scene, 10, 5, 1);
    expect(lines[4]!.slice(0, 4)).toBe('bina');
    expect(lines.slice(1, 4).map((l) => l[1])).toEqual(['•', '•', '•']); // the path above the name, in its column
    // Without a zone there, the same path takes that cell: the name is what kept it out.
    const bare = rasterizeMap({ ...room, zones: [] }, scene, 10, 5, 1);
    expect(bare[4]![1]).toBe('•');
  });

  it('colours with escapes when the terminal has colour, and not otherwise', () => {
    const plain = rasterizeMap(map, { pose: { x: 1, y: 1, heading: Math.PI / 2 }, path: [], objects: [] }, 30, 12, 1);
    expect(plain.join('')).not.toMatch(/\x1b/);
    const truecolor = rasterizeMap(map, { pose: { x: 1, y: 1, heading: Math.PI / 2 }, path: [], objects: [] }, 30, 12, 24);
    expect(truecolor.join('')).toMatch(/\x1b\[38;2;/);
    expect(truecolor.map(stripAnsi)).toEqual(plain.map((l) => l.replace(/░/g, ' ')));
    expect(plain.join('\n')).toContain('↑');
  });

  it('names zones as well as space allows and points the robot along its heading', () => {
    expect(zoneLabel('charging_dock', 20)).toBe('charging dock');
    expect(zoneLabel('charging_dock', 4)).toBe('cd');
    expect(zoneLabel('shelf', 3)).toBe('she');
    expect([0, Math.PI / 4, Math.PI / 2, Math.PI, -Math.PI / 2, 2 * Math.PI].map(headingArrow)).toEqual(['→', '↗', '↑', '←', '↓', '→']);
  });
});

/** Left half red, right half blue, 40x30. */
function twoColourFrame(): FrameImage {
  const width = 40;
  const height = 30;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rgb.set(x < 20 ? [255, 0, 0] : [0, 0, 255], (y * width + x) * 3);
  return { width, height, rgb };
}

describe('the camera raster', () => {
  it('fits the frame keeping its aspect, two pixels per cell', () => {
    expect(cameraSize({ width: 320, height: 240 }, 40, 30)).toEqual({ cols: 40, rows: 15 });
    expect(cameraSize({ width: 320, height: 240 }, 80, 10)).toEqual({ cols: 27, rows: 10 });
  });

  it('draws half blocks in truecolor with the detection box and its label', () => {
    const lines = rasterizeFrame(twoColourFrame(), [{ label: 'red_cube#1', color: 'red', confidence: 0.93, box: { x1: 4, y1: 10, x2: 16, y2: 26 } }], 20, 8, 24);
    expect(lines).toHaveLength(8);
    expect(lines[7]).toContain('\x1b[38;2;0;0;255m'); // blue on the right
    expect(lines.join('')).toContain('▀');
    const text = lines.map(stripAnsi);
    expect(text[1]).toContain('red_cube#1 93%'); // label just above the box
    expect(text.every((l) => [...l].length === 20)).toBe(true);
  });

  it('falls back to 256 and 16 colours, and to ASCII shades with no colour', () => {
    const frame = twoColourFrame();
    expect(rasterizeFrame(frame, [], 10, 4, 8).join('')).toMatch(/\x1b\[38;5;\d+m/);
    expect(rasterizeFrame(frame, [], 10, 4, 4).join('')).toMatch(/\x1b\[(9[0-7]|3[0-7])m/);
    const plain = rasterizeFrame(frame, [{ label: 'cube', confidence: 0.5, box: { x1: 0, y1: 0, x2: 39, y2: 29 } }], 10, 4, 1);
    expect(plain.join('')).not.toMatch(/\x1b/);
    expect(plain[1]).toMatch(/^cube 50%/); // the label sits inside when the box touches the top
    expect(plain[2]![0]).toBe('|');
    expect(plain[3]).toMatch(/^\+-+\+$/);
  });
});

describe('colour support', () => {
  it('reads the depth from the stream, honours NO_COLOR, and maps colours down', () => {
    const tty = { isTTY: true, getColorDepth: () => 24 };
    expect(colorDepthOf(tty, {})).toBe(24);
    expect(colorDepthOf(tty, { NO_COLOR: '1' })).toBe(1);
    expect(colorDepthOf({ isTTY: false }, {})).toBe(1);
    expect(colorDepthOf({ isTTY: true, getColorDepth: () => 8 }, {})).toBe(8);
    expect(ansi256([255, 0, 0])).toBe(196);
    expect(ansi256([128, 128, 128])).toBeGreaterThanOrEqual(232);
    expect(ansi16([250, 10, 10])).toBe(9);
    expect(paint('x', { fg: [1, 2, 3] }, 1)).toBe('x');
  });
});

describe('the planned path', () => {
  it('keeps only the part ahead of the robot', async () => {
    const { pathAhead } = await import('../../src/tui/robot-view.js');
    const path = [{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 4, y: 4 }, { x: 8, y: 4 }];
    expect(pathAhead({ x: 2, y: 0.1 }, path)).toEqual([{ x: 4, y: 0 }, { x: 4, y: 4 }, { x: 8, y: 4 }]);
    expect(pathAhead({ x: 4.1, y: 3 }, path)).toEqual([{ x: 4, y: 4 }, { x: 8, y: 4 }]);
  });
});
