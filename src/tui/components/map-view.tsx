import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { type StaticMap } from '../../core/map.js';
import type { ColorDepth } from '../ansi.js';
import { mapSize, rasterizeMap, type MapScene } from '../map-raster.js';
import { MapLegend } from './map-legend.js';

/** The room from above inside a frame (the frame is the walls), with a legend when there is room. */
export function MapView({ map, scene, width, height, depth, title = 'map' }: { map: StaticMap; scene: MapScene; width: number; height: number; depth: ColorDepth; title?: string }) {
  const inner = { cols: Math.max(0, width - 2), rows: Math.max(0, height - 3) };
  const size = mapSize(map, inner.cols, inner.rows);
  const lines = useMemo(() => rasterizeMap(map, scene, size.cols, size.rows, depth), [map, scene, size.cols, size.rows, depth]);
  const legendRows = Math.max(0, inner.rows - size.rows);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate-end">
        {` ${title} `}
        <Text dimColor>
          {map.width}×{map.depth} m
        </Text>
      </Text>
      <Box flexDirection="column" borderStyle="single" borderColor="gray" alignSelf="flex-start">
        {lines.map((line, i) => (
          <Text key={i}>{line}</Text>
        ))}
      </Box>
      {legendRows > 0 ? <MapLegend objects={scene.objects} width={width} rows={legendRows} /> : null}
    </Box>
  );
}
