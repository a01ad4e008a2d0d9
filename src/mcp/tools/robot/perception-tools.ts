import { z } from 'zod';
import { encodePng } from '../../../core/png.js';
import { defineTool, isToolFailure, toolFailure, MAX_NAME_LENGTH, type ToolCallExtra, type ToolFailure } from '../../tool-declaration.js';
import type { RobotToolContext } from './context.js';
import { attempt, attemptAsync, detectionSchema, detectionView, poseSchema, poseView } from './views.js';
import { followOperation, MOVES_THE_ROBOT } from './session-motion.js';
import type { Detection } from '../../../robot/perception.js';
import { degToRad, normalizeAngle, round } from '../../../core/geometry.js';

const define = defineTool<RobotToolContext>();
const sensing = { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false };

export const detectObjects = define({
  name: 'detect_objects',
  title: 'Detect objects',
  description:
    'Capture a camera frame and run the object detector on it. Returns each object seen: label, confidence, bounding box, estimated world position and a tracker id that stays the same across frames. Only what the camera sees now (about 70° wide, out to ~4 m).',
  input: { labels: z.array(z.string().max(MAX_NAME_LENGTH)).max(50).optional().describe('only report these, e.g. ["red cube", "ball"]') },
  output: z.object({ detections: z.array(detectionSchema), count: z.number().int(), pose: poseSchema, time: z.number() }),
  annotations: sensing,
  category: 'perception',
  needsConfirmation: false,
  timeoutSeconds: 30,
  async handler({ robot }, { labels }) {
    const found = await attemptAsync(() => robot.detect(labels));
    if (isToolFailure(found)) return found;
    const detections = found.map(detectionView);
    return {
      output: { detections, count: detections.length, pose: poseView(robot), time: round(robot.now()) },
      summary: detections.length ? detections.map((d) => `${d.id} (${d.label}, ${Math.round(d.confidence * 100)}%) at (${d.position.x}, ${d.position.y})`).join('; ') : 'nothing detected',
    };
  },
});

export const scanSurroundings = define({
  name: 'scan_surroundings',
  title: 'Scan all around',
  description:
    'Turn in place through 360° in steps, detecting at each step, and return every object found; with headings_deg, look only in those directions (a planner that knows what it has already seen skips the rest). Requires arm (the robot rotates).',
  // 12 headings 30° apart with a 70° field of view show every direction in two frames: a second
  // view is what confirms a far, weakly detected object (the robot remembers only confirmed ones).
  input: {
    steps: z.number().int().min(4).max(16).default(12).describe('number of headings to look in, evenly spaced all around from the current one'),
    headings_deg: z
      .array(z.number().min(-360).max(360))
      .min(1)
      .max(16)
      .optional()
      .describe('instead of steps: the world-frame headings to look in, in this order, in degrees as get_robot_status reports heading_deg (0 = +x, 90 = +y); the robot turns the short way to each'),
  },
  output: z.object({ detections: z.array(detectionSchema), count: z.number().int(), pose: poseSchema, time: z.number().describe('robot time at the end of the scan, seconds') }),
  annotations: MOVES_THE_ROBOT,
  category: 'perception',
  needsConfirmation: false,
  timeoutSeconds: 120,
  async handler(ctx, { steps, headings_deg }, extra) {
    const { robot } = ctx;
    const byId = new Map<string, Detection>();
    // turns[i] is the turn before view i: none before the first of an all-round scan.
    const turns = headings_deg ? turnsThrough(robot.backend.readState().pose.heading, headings_deg) : Array.from({ length: steps }, (_, i) => (i === 0 ? 0 : (2 * Math.PI) / steps));
    for (let i = 0; i < turns.length; i++) {
      if (turns[i] !== 0) {
        const turned = await turnInPlace(ctx, turns[i]!, extra);
        if (turned) return turned;
      }
      // The next view's frame is rendered while the detector works on this one.
      const found = await attemptAsync(() => robot.detect(undefined, turns[i + 1] || undefined));
      if (isToolFailure(found)) return found;
      for (const d of found) byId.set(d.id, d);
      await extra.reportProgress(i + 1, turns.length, `looked in ${i + 1} of ${turns.length} directions`);
      if (extra.signal.aborted) break;
    }
    // Report the freshest estimate of each object, nearest first.
    const latest = robot.seenObjects();
    const detections = [...byId.values()]
      .map((d) => ({ ...d, ...pickPosition(latest.find((o) => o.id === d.id), d) }))
      .sort((a, b) => a.rangeM - b.rangeM)
      .map(detectionView);
    return { output: { detections, count: detections.length, pose: poseView(robot), time: round(robot.now()) }, summary: detections.length ? `found ${detections.map((d) => d.id).join(', ')}` : 'found nothing all around' };
  },
});

/** The turns (radians) that take a robot facing `heading` to each of `headingsDeg` in order, the short way. */
function turnsThrough(heading: number, headingsDeg: readonly number[]): number[] {
  let facing = heading;
  return headingsDeg.map((deg) => {
    const turn = normalizeAngle(degToRad(deg) - facing);
    facing += turn;
    return Math.abs(turn) < 1e-6 ? 0 : turn;
  });
}

/** One turn of a scan, followed as this session's motion (the deadman stops it if the session
 *  goes away); a failure result when it did not complete. The turn's own progress (0–100% of
 *  the turn) is not passed on: the scan reports views looked in, and MCP progress must only rise. */
async function turnInPlace(ctx: RobotToolContext, angle: number, extra: ToolCallExtra): Promise<ToolFailure | undefined> {
  const turning = attempt(() => ctx.robot.rotate(angle));
  if (isToolFailure(turning)) return turning;
  await followOperation(ctx, turning, { ...extra, reportProgress: async () => undefined }, { wait: true, detach: false, timeoutS: 30 });
  if (turning.status !== 'succeeded') return toolFailure(turning.errorCode ?? 'failed', `scan interrupted: ${turning.error ?? turning.status}`, { operation_id: turning.id });
  return undefined;
}

export const captureImage = define({
  name: 'capture_image',
  title: 'Capture a camera image',
  description: 'Take a picture with the robot camera and return it as a PNG image.',
  input: {},
  output: z.object({ width: z.number().int(), height: z.number().int(), time: z.number(), pose: poseSchema }),
  annotations: sensing,
  category: 'perception',
  needsConfirmation: false,
  timeoutSeconds: 10,
  async handler({ robot }) {
    const frame = robot.captureFrame();
    return {
      output: { width: frame.width, height: frame.height, time: round(frame.time), pose: poseView(robot) },
      summary: `${frame.width}x${frame.height} PNG`,
      image: { data: encodePng(frame).toString('base64'), mimeType: 'image/png' },
    };
  },
});

function pickPosition(remembered: { x: number; y: number } | undefined, d: Detection) {
  return remembered ? { x: remembered.x, y: remembered.y } : { x: d.x, y: d.y };
}

export const perceptionTools = [detectObjects, scanSurroundings, captureImage];
