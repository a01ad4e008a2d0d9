import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { ColorDepth } from '../ansi.js';
import { cameraSize, rasterizeFrame, type FrameBox, type FrameImage } from '../camera-raster.js';

/** The latest camera frame in half blocks with the detections drawn on it, or why there is none. */
export function CameraView({ frame, boxes, time, width, height, depth, placeholder }: { frame: FrameImage | null; boxes: readonly FrameBox[]; time?: number; width: number; height: number; depth: ColorDepth; placeholder?: string }) {
  const size = frame ? cameraSize(frame, Math.max(0, width - 2), Math.max(0, height - 3)) : { cols: 0, rows: 0 };
  const lines = useMemo(() => (frame ? rasterizeFrame(frame, boxes, size.cols, size.rows, depth) : []), [frame, boxes, size.cols, size.rows, depth]);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate-end">
        {' camera '}
        <Text dimColor>{frame ? `t=${time?.toFixed(1) ?? '?'} s · ${boxes.length} detection${boxes.length === 1 ? '' : 's'}${depth === 1 ? ' · no colour' : ''}` : ''}</Text>
      </Text>
      {frame ? (
        <Box flexDirection="column" borderStyle="single" borderColor="gray" alignSelf="flex-start">
          {lines.map((line, i) => (
            <Text key={i}>{line}</Text>
          ))}
        </Box>
      ) : (
        <Box borderStyle="single" borderColor="gray" width={width} height={Math.max(3, height - 1)} paddingX={1}>
          <Text dimColor wrap="wrap">
            {placeholder ?? 'no frame yet: the view shows what the robot last looked at (detect, scan, take a picture)'}
          </Text>
        </Box>
      )}
    </Box>
  );
}
