import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { createSimulatedRobot } from '../../src/runtime/simulated-robot.js';
import { loadScenario } from '../../src/sim/scenario.js';
import { World } from '../../src/sim/world.js';
import { stripAnsi } from '../../src/tui/ansi.js';
import { CameraView } from '../../src/tui/components/camera-view.js';
import { ConfirmationDialog } from '../../src/tui/components/confirmation-dialog.js';
import { HeaderBar } from '../../src/tui/components/header-bar.js';
import { KeyHints } from '../../src/tui/components/key-hints.js';
import { MapView } from '../../src/tui/components/map-view.js';
import { StatusPanel } from '../../src/tui/components/status-panel.js';
import { StatusStrip } from '../../src/tui/components/status-strip.js';
import { ToolLine } from '../../src/tui/components/tool-line.js';
import type { RobotView } from '../../src/tui/robot-view.js';
import { sharedDetector } from '../helpers/shared-detector.js';

afterEach(cleanup);

const view: RobotView = {
  state: 'NAVIGATING',
  armed: true,
  estopped: false,
  pose: { x: 2.5, y: 1.25, heading: Math.PI / 2 },
  battery: 0.42,
  charging: false,
  holding: 'red_cube#1',
  zone: 'home',
  operation: { id: 'op-3', kind: 'navigate', progress: 0.5, message: '3.1 m to go' },
  path: [],
  objects: [],
  simTime: 12.34,
};

const frameOf = (node: React.ReactElement) => stripAnsi(render(node).lastFrame() ?? '');

describe('status', () => {
  it('shows state, safety, pose, battery bar, held object and the operation with its progress', () => {
    const frame = frameOf(<StatusPanel view={view} width={50} />);
    expect(frame).toContain('NAVIGATING · armed');
    expect(frame).toContain('t=12.3 s');
    expect(frame).toContain('pose (2.50, 1.25) 90°  in home');
    expect(frame).toMatch(/battery █+░+ 42%/);
    expect(frame).toContain('holding red_cube#1');
    expect(frame).toMatch(/navigate █+░+ 50% 3\.1 m to go/);
  });

  it('folds into two lines, and shows a latched emergency stop loudly', () => {
    const frame = frameOf(<StatusStrip view={{ ...view, state: 'ESTOPPED', armed: false, estopped: true, operation: null, holding: null }} width={80} />);
    const lines = frame.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('ESTOPPED ·  E-STOP ');
    expect(lines[0]).toContain('42%');
    expect(lines[0]).toContain('holding nothing');
    expect(lines[1]).toContain('no operation running');
  });
});

describe('map', () => {
  it('draws the room in a frame with the robot, detected objects, zones and a legend', () => {
    const map = new World(loadScenario('warehouse')).map;
    const scene = { pose: { x: 1, y: 1, heading: 0 }, path: [{ x: 3, y: 1 }], objects: [{ id: 'red_cube#1', label: 'red_cube', color: 'red', shape: 'cube', x: 6.2, y: 6.2 }] };
    const frame = frameOf(<MapView map={map} scene={scene} width={44} height={24} depth={1} />);
    expect(frame).toContain('map 10×8 m');
    expect(frame).toContain('┌');
    expect(frame).toContain('→•');
    expect(frame).toContain('■');
    expect(frame).toMatch(/home/);
    expect(frame).toMatch(/shelf/);
    expect(frame).toContain('■ red_cube#1');
    expect(frame).not.toContain('blue_cube'); // ground truth never shows
  });
});

describe('tool lines', () => {
  const base = { kind: 'tool' as const, callId: 'c', name: 'navigate_to_zone', args: { zone: 'bin_a' } };
  it('spins with progress while running, waits visibly for approval', () => {
    expect(frameOf(<ToolLine spinner={2} entry={{ ...base, status: 'running', progress: 0.25, progressText: '5 m to go' }} />)).toMatch(/⠹ navigate_to_zone zone=bin_a █+░+ 25% 5 m to go/);
    // A count of unknown total: the count, no bar and no percent.
    const counted = frameOf(<ToolLine spinner={2} entry={{ ...base, status: 'running', count: 12, progressText: 'frames read' }} />);
    expect(counted).toContain('⠹ navigate_to_zone zone=bin_a (12 so far) frames read');
    expect(counted).not.toMatch(/[█░%]/);
    expect(frameOf(<ToolLine spinner={0} entry={{ ...base, status: 'awaiting', progressText: 'waiting for your approval' }} />)).toContain('? navigate_to_zone zone=bin_a waiting for your approval');
  });

  it('ends with ✓ or ✗, robot time and wall time, and a one-line result', () => {
    expect(frameOf(<ToolLine spinner={0} entry={{ ...base, status: 'ok', summary: 'arrived', simSeconds: 13.8, wallMs: 535.4 }} />)).toContain('✓ navigate_to_zone zone=bin_a (13.8 s, 535 ms) → arrived');
    const error = render(<ToolLine spinner={0} entry={{ ...base, status: 'error', summary: 'unknown zone "bin_c"', simSeconds: 0, wallMs: 3 }} />).lastFrame()!;
    expect(stripAnsi(error)).toContain('✗ navigate_to_zone zone=bin_a (0.0 s, 3 ms) → unknown zone "bin_c"');
    const red = render(<Text color="red">x</Text>).lastFrame()!;
    if (red.includes('\x1b[')) expect(error).toContain('\x1b[31m'); // errors in red wherever the terminal has colour
  });
});

describe('camera view', () => {
  it('draws a real frame in half blocks with a detection box and label', async () => {
    const { robot } = createSimulatedRobot({ scenario: 'warehouse', seed: 1, sharedDetector: await sharedDetector() });
    const frame = robot.captureFrame();
    const boxes = [{ label: 'red_cube#1', color: 'red', confidence: 0.9, box: { x1: 100, y1: 100, x2: 200, y2: 180 } }];
    const raw = render(<CameraView frame={frame} boxes={boxes} time={frame.time} width={42} height={20} depth={24} />).lastFrame()!;
    expect(raw).toContain('▀');
    expect(raw).toMatch(/\x1b\[(38;2|48;2);/);
    const text = stripAnsi(raw);
    expect(text).toContain('camera t=0.0 s · 1 detection');
    expect(text).toContain('red_cube#1 90%');
    const plain = frameOf(<CameraView frame={frame} boxes={boxes} time={frame.time} width={42} height={20} depth={1} />);
    expect(plain).not.toContain('▀');
    expect(plain).toContain('no colour');
  });

  it('says why there is no picture yet', () => {
    expect(frameOf(<CameraView frame={null} boxes={[]} width={40} height={8} depth={24} />)).toContain('no frame yet');
  });
});

describe('confirmation dialog and hints', () => {
  it('asks to approve once or deny, with the highlighted choice', () => {
    const frame = frameOf(<ConfirmationDialog name="reset_emergency_stop" args={{}} selected={1} width={80} />);
    expect(frame).toContain('⚠ Allow reset_emergency_stop? This tool needs your confirmation.');
    expect(frame).toContain(' Approve once ');
    expect(frame).toContain(' Deny ');
    expect(frame).toContain('y approve once · n deny');
  });

  it('always shows the e-stop key, and the second Ctrl-C warning', () => {
    expect(frameOf(<KeyHints mode="idle" toggles />)).toMatch(/^Ctrl-X E-STOP · Enter run · ↑↓ history · Tab map\/camera/);
    expect(frameOf(<KeyHints mode="quitArmed" toggles={false} />)).toContain('Press Ctrl-C again to quit');
    expect(frameOf(<HeaderBar width={120} info={{ version: '1.0.0', scenario: 'twins', seed: 3, provider: 'planner', model: 'robot-agent-planner-1', realtime: true, recording: true, activity: '● mission running' }} />)).toMatch(/robot-agent 1\.0\.0 │ twins seed 3 │ planner robot-agent-planner-1 │ real time │ ● rec +● mission running/);
  });
});
