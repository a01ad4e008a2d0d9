import type { CameraFrame } from '../core/camera-frame.js';
import type { Detection, Perception } from './perception.js';
import type { RobotContext } from './robot-context.js';
import type { RobotState } from './robot-state.js';
import { RobotCommandError } from './robot-errors.js';
import type { Safety } from './safety.js';
import { matchesLabel } from './seen-objects.js';

/**
 * The robot's camera and vision pipeline as the robot uses them: frames captured, objects
 * detected, and the latest of each kept for status views and resources.
 */
export class Looking {
  private lastDetectionList: Detection[] = [];
  private lastFrame: CameraFrame | null = null;

  constructor(
    private readonly ctx: RobotContext,
    private readonly safety: Safety,
    private readonly perception: Perception | undefined,
  ) {}

  get lastDetections(): readonly Detection[] {
    return this.lastDetectionList;
  }
  get latestFrame(): CameraFrame | null {
    return this.lastFrame;
  }

  /** Captures a frame and runs the vision pipeline on it; SENSING while it does when the robot
   *  was idle (an operation that looks sets its own state). `whileDetecting`: see
   *  Perception.process. */
  async detect(labels?: string[], whileDetecting?: () => void): Promise<Detection[]> {
    const { machine, parameters } = this.ctx;
    this.safety.requireNotEstopped();
    if (!this.perception) throw new RobotCommandError('no object detector is configured for this robot', 'no_detector');
    const wasIdle = machine.state === 'IDLE';
    if (wasIdle) machine.transition('SENSING', 'detecting objects');
    try {
      const frame = this.captureFrame();
      const found = await this.perception.process(frame, { confidence: parameters.number('detection_confidence'), ...(whileDetecting ? { whileDetecting } : {}) });
      const wanted = labels?.length ? found.filter((d) => labels.some((l) => matchesLabel(d, l))) : found;
      this.lastDetectionList = found;
      this.ctx.log('perception', `detected ${found.length} object(s)${found.length ? `: ${found.map((d) => d.id).join(', ')}` : ''}`, { count: found.length });
      this.ctx.notify('detections');
      return wanted;
    } finally {
      if (wasIdle && (machine.state as RobotState) === 'SENSING') machine.transition('IDLE', 'detection done');
    }
  }

  captureFrame(): CameraFrame {
    const frame = this.ctx.backend.captureFrame();
    this.lastFrame = frame;
    this.ctx.notify('camera');
    return frame;
  }
}
