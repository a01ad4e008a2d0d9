import { Box } from 'ink';
import type { CameraFrame } from '../../core/camera-frame.js';
import { type StaticMap } from '../../core/map.js';
import type { ColorDepth } from '../ansi.js';
import type { FrameBox } from '../camera-raster.js';
import type { Layout } from '../layout.js';
import type { MapScene } from '../map-raster.js';
import type { RobotView } from '../robot-view.js';
import { CameraView } from './camera-view.js';
import { MapView } from './map-view.js';
import { StatusPanel } from './status-panel.js';

export interface SideContent {
  view: RobotView;
  map: StaticMap;
  scene: MapScene;
  frame: CameraFrame | null;
  boxes: readonly FrameBox[];
  cameraPlaceholder?: string;
  mapTitle?: string;
}

/** The right-hand column: the status panel on large terminals, then the map and/or the camera. */
export function SideColumn({ side, status, content, depth }: { side: NonNullable<Layout['side']>; status: Layout['status']; content: SideContent; depth: ColorDepth }) {
  return (
    <Box flexDirection="column" width={side.width} height={side.height}>
      {status === 'panel' ? <StatusPanel view={content.view} width={side.width} /> : null}
      <Box flexDirection={side.direction}>
        {side.panels.map((p) =>
          p.kind === 'map' ? (
            <MapView key="map" map={content.map} scene={content.scene} width={p.width} height={p.height} depth={depth} title={content.mapTitle} />
          ) : (
            <CameraView key="camera" frame={content.frame} boxes={content.boxes} time={content.frame?.time} width={p.width} height={p.height} depth={depth} placeholder={content.cameraPlaceholder} />
          ),
        )}
      </Box>
    </Box>
  );
}
