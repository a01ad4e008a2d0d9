import { Box, useStdout } from 'ink';
import { useEffect, useMemo } from 'react';
import type { Detection } from '../robot/perception.js';
import type { CameraFrame } from '../core/camera-frame.js';
import type { ColorDepth } from './ansi.js';
import type { FrameBox } from './camera-raster.js';
import { CONFIRMATION_ROWS, ConfirmationDialog } from './components/confirmation-dialog.js';
import { HeaderBar } from './components/header-bar.js';
import { KeyHints, type HintMode } from './components/key-hints.js';
import { PromptLine } from './components/prompt-line.js';
import { QueuedLines, queuedRows } from './components/queued-lines.js';
import { SideColumn } from './components/side-column.js';
import { SlashMenu, slashMenuRows } from './components/slash-menu.js';
import { StatusStrip } from './components/status-strip.js';
import { TranscriptView } from './components/transcript-view.js';
import { useController } from './hooks/use-controller.js';
import { useReplayPlayback } from './hooks/use-replay-playback.js';
import { useFrameClock } from './hooks/use-frame-clock.js';
import { useRobotView } from './hooks/use-robot-view.js';
import { useSessionState } from './hooks/use-session-state.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { useTranscript } from './hooks/use-transcript.js';
import { layoutFor, PROMPT_ROWS } from './layout.js';
import { playbackView } from './replay-view.js';
import type { MissionSession } from '../runtime/mission-session.js';
import type { TranscriptState } from './transcript.js';

export interface AppProps {
  session: MissionSession;
  version: string;
  depth: ColorDepth;
  /** A fixed terminal size (tests); default: the output stream's, following resizes. */
  size?: { columns: number; rows: number };
  /** Frames per second while a mission or a playback runs (default 15). */
  fps?: number;
  onQuit?: () => void;
  /** Hears the conversation as it changes: what `tui` leaves in the terminal's scrollback at the end. */
  onTranscript?: (transcript: TranscriptState) => void;
}

/** The interactive session: header, status, conversation, map, camera, prompt. */
export function App({ session, version, depth, size: fixedSize, fps = 15, onQuit, onTranscript }: AppProps) {
  const state = useSessionState(session);
  const [transcript, dispatch] = useTranscript(session);
  useEffect(() => onTranscript?.(transcript), [onTranscript, transcript]);
  const replay = useReplayPlayback(dispatch);
  const robot = state.runtime.assembly.robot; // the simulator's or a ROS robot's (--robot ros)
  const busy = state.running || (replay.playback !== null && !replay.playback.done);
  const frame = useFrameClock(busy, fps);
  const spinner = Math.floor((frame * 1000) / fps / 100);
  const live = useRobotView(robot, frame, busy);
  const ui = useController({ session, state, dispatch, replay, view: live, onQuit });
  const { stdout } = useStdout();
  const terminal = useTerminalSize(stdout);
  const size = fixedSize ?? terminal;

  const playback = replay.playback;
  const view = playback ? playbackView(playback, transcript) : live;
  const scene = useMemo(() => ({ pose: view.pose, path: view.path, objects: view.objects }), [view]);
  const picture = playback ? null : robot.latestFrame;
  const boxes = useMemo(() => framedBoxes(picture, robot.lastDetections), [picture, robot.lastDetections]);
  const menuRows = slashMenuRows(ui.menu.shown, size.rows);
  const layout = layoutFor(size.columns, size.rows, ui.panel, menuRows + (state.confirmation ? CONFIRMATION_ROWS : 0) + queuedRows(ui.queued.length) + PROMPT_ROWS);
  const menuHint: HintMode = state.running ? 'menuRunning' : 'menu'; // Esc cancels a running mission even with the menu open
  const hint: HintMode = ui.quitArmed ? 'quitArmed' : ui.menu.shown ? menuHint : ui.mode === 'confirm' ? 'confirm' : ui.mode === 'replay' ? 'replay' : state.running ? 'running' : 'idle';
  const activity = playback
    ? `▶ replay ${playback.speed}x ${playback.paused ? '(paused) ' : ''}${playback.position.toFixed(1)}/${playback.total.toFixed(1)} s${playback.done ? ' done' : ''}`
    : state.running
      ? '● mission running'
      : undefined;

  return (
    <Box flexDirection="column" width={layout.cols} height={layout.height}>
      <HeaderBar width={layout.cols} info={{ version, scenario: playback?.header.scenario.name ?? state.scenario, seed: playback?.header.seed ?? state.seed, provider: state.provider, model: state.model, realtime: state.realtime, recording: state.recordDir !== null, activity }} />
      {layout.status === 'strip' ? <StatusStrip view={view} width={layout.cols} /> : null}
      <Box flexDirection="row" height={layout.transcript.height}>
        <TranscriptView state={transcript} width={layout.transcript.width} height={layout.transcript.height} scroll={ui.scroll} spinner={spinner} expanded={ui.expanded} />
        {layout.side ? (
          <SideColumn
            side={layout.side}
            status={layout.status}
            depth={depth}
            content={{ view, map: playback?.map ?? robot.backend.staticMap(), scene, frame: picture, boxes, mapTitle: playback ? 'map (recording)' : 'map', ...(playback ? { cameraPlaceholder: 'camera frames are not kept in recordings' } : {}) }}
          />
        ) : null}
      </Box>
      {state.confirmation ? <ConfirmationDialog name={state.confirmation.name} args={state.confirmation.args} selected={ui.selected} width={layout.cols} /> : null}
      <QueuedLines queue={ui.queued} />
      <PromptLine editor={ui.editor} focused={ui.mode === 'prompt'} hint={state.running ? 'mission running — Enter queues the next, Esc cancels' : 'type a mission, or /help'} />
      {ui.menu.shown ? <SlashMenu shown={ui.menu.shown} selected={ui.menu.selected} rows={menuRows} width={layout.cols} /> : null}
      <KeyHints mode={hint} toggles={layout.toggles} />
    </Box>
  );
}

/** The detections found in this very frame (a later picture without detection has no boxes). */
function framedBoxes(frame: CameraFrame | null, detections: readonly Detection[]): FrameBox[] {
  if (!frame) return [];
  return detections.filter((d) => d.lastSeen === frame.time).map((d) => ({ label: d.id, color: d.color, confidence: d.confidence, box: d.box }));
}
