import { Box, Text } from 'ink';
import { SHAPE_GLYPH } from '../map-raster.js';
import type { MapObject } from '../robot-view.js';

/** One entry of the legend: a glyph as the map draws it, and what it stands for. */
export interface LegendItem {
  glyph: string;
  text: string;
  color?: string;
}

/** What every map shows; the dots of the grid are a metre apart. */
const KEY: readonly LegendItem[] = [
  { glyph: '→', text: 'robot' },
  { glyph: '•', text: 'path', color: 'cyan' },
  { glyph: '·', text: '1 m grid', color: 'gray' },
  { glyph: '█', text: 'obstacle' },
];
const GAP = 2;

/**
 * The legend as lines of at most `width` cells and `maxRows` rows: the map's glyphs, then the
 * objects the robot has detected (their glyph is their shape, their colour theirs); packed, or
 * `oneEach` a line as a legend beside the map reads best. What does not fit is counted
 * ("+3 more"), never cut mid-word.
 */
export function legendLines(objects: readonly MapObject[], width: number, maxRows: number, oneEach = false): LegendItem[][] {
  if (width < 8 || maxRows < 1) return [];
  const seen: LegendItem[] = objects.length
    ? objects.map((o) => ({ glyph: SHAPE_GLYPH[o.shape] ?? '?', text: o.id, ...(o.color ? { color: o.color } : {}) }))
    : [{ glyph: '', text: 'no objects seen yet' }];
  const lines: LegendItem[][] = [];
  const all = [...KEY, ...seen];
  for (let i = 0; i < all.length; i++) {
    const item = all[i]!;
    const line = lines.at(-1);
    if (line && !oneEach && lineWidth([...line, item]) <= width) line.push(item);
    else if (lines.length < maxRows) lines.push([item]);
    else return withMore(lines, all.length - i, width);
  }
  return lines;
}

/** The last line ends with how many entries were left out, dropping entries to make room. */
function withMore(lines: LegendItem[][], left: number, width: number): LegendItem[][] {
  const last = lines.at(-1)!;
  let dropped = left;
  const more = (): LegendItem => ({ glyph: '', text: `+${dropped} more` });
  while (last.length > 1 && lineWidth([...last, more()]) > width) {
    last.pop();
    dropped++;
  }
  if (lineWidth([...last, more()]) <= width) last.push(more());
  return lines;
}

function itemWidth(item: LegendItem): number {
  return (item.glyph ? item.glyph.length + 1 : 0) + item.text.length;
}

function lineWidth(items: readonly LegendItem[]): number {
  return items.reduce((sum, item) => sum + itemWidth(item), 0) + GAP * Math.max(0, items.length - 1);
}

/** The legend's lines, each glyph in its map colour and the words dim. */
export function MapLegend({ lines }: { lines: LegendItem[][] }) {
  return (
    <Box flexDirection="column">
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line.map((item, j) => (
            <Text key={j}>
              {j ? ' '.repeat(GAP) : ''}
              {item.glyph ? <Text color={item.color}>{`${item.glyph} `}</Text> : null}
              <Text dimColor>{item.text}</Text>
            </Text>
          ))}
        </Text>
      ))}
    </Box>
  );
}
