import { Text } from 'ink';
import { SHAPE_GLYPH } from '../map-raster.js';
import type { MapObject } from '../robot-view.js';

/** What the map's glyphs mean, then the detected objects by name. */
export function MapLegend({ objects, width, rows }: { objects: MapObject[]; width: number; rows: number }) {
  const keyLine = '→ robot  • path  █ obstacle  ■ cube ● ball ◉ cylinder';
  const seen = objects.length ? objects.map((o) => `${SHAPE_GLYPH[o.shape] ?? '?'} ${o.id}`).join('  ') : 'no objects detected yet';
  const lines = [keyLine, seen].slice(0, rows);
  return (
    <>
      {lines.map((l, i) => (
        <Text key={i} dimColor={i === 0} wrap="truncate-end">
          {l.length > width ? `${l.slice(0, Math.max(0, width - 1))}…` : l}
        </Text>
      ))}
    </>
  );
}
