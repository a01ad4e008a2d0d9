import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { type StaticMap } from '../../core/map.js';
import type { ColorDepth } from '../ansi.js';
import { mapSize, rasterizeMap, type MapScene } from '../map-raster.js';
import { legendLines, MapLegend } from './map-legend.js';

/** The legend goes beside the map when at least this many columns are left over there. */
const MIN_LEGEND_BESIDE = 16;
/** Rows the legend may take under the map, at most: the map keeps the rest. */
const MAX_LEGEND_BELOW = 4;

/**
 * The room from above inside a frame (the frame is the walls) and its legend, always: beside the
 * map when the panel is wider than the room's shape needs (large terminals), else under it, the
 * map shrinking to make room.
 */
export function MapView({ map, scene, width, height, depth, title = 'map' }: { map: StaticMap; scene: MapScene; width: number; height: number; depth: ColorDepth; title?: string }) {
  const inner = { cols: Math.max(0, width - 2), rows: Math.max(0, height - 3) };
  const place = useMemo(() => placeLegend(map, scene, width, inner.cols, inner.rows), [map, scene, width, inner.cols, inner.rows]);
  const { size } = place;
  const lines = useMemo(() => rasterizeMap(map, scene, size.cols, size.rows, depth), [map, scene, size.cols, size.rows, depth]);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate-end">
        {` ${title} `}
        <Text dimColor>
          {map.width}×{map.depth} m
        </Text>
      </Text>
      <Box flexDirection="row">
        <Box flexDirection="column" borderStyle="single" borderColor="gray" alignSelf="flex-start">
          {lines.map((line, i) => (
            <Text key={i}>{line}</Text>
          ))}
        </Box>
        {place.beside ? (
          <Box marginLeft={1} flexDirection="column">
            <MapLegend lines={place.legend} />
          </Box>
        ) : null}
      </Box>
      {place.beside ? null : <MapLegend lines={place.legend} />}
    </Box>
  );
}

/** Where the legend goes, its lines, and the map's size once it has its place. */
function placeLegend(map: StaticMap, scene: MapScene, width: number, cols: number, rows: number) {
  const full = mapSize(map, cols, rows);
  const spare = width - (full.cols + 2) - 1;
  if (spare >= MIN_LEGEND_BESIDE) return { beside: true, size: full, legend: legendLines(scene.objects, spare, rows + 2, true) };
  const legend = legendLines(scene.objects, width, Math.min(MAX_LEGEND_BELOW, Math.max(1, rows - 3)));
  return { beside: false, size: mapSize(map, cols, rows - legend.length), legend };
}
