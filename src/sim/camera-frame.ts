import type { Pose } from './geometry.js';
import type { CameraConfig } from './robot-config.js';

/** One RGB image from a robot camera, with what is needed to localize what is seen in it. */
export interface CameraFrame {
  width: number;
  height: number;
  /** Packed RGB, 8 bits per channel, row-major, top row first: width * height * 3 bytes. */
  rgb: Uint8Array;
  /** Robot base pose when the frame was captured. */
  pose: Pose;
  /** The camera's mount and intrinsics. */
  camera: CameraConfig;
  /** Robot time of capture, seconds. */
  time: number;
}
