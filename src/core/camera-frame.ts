import type { Pose } from './geometry.js';

/** A camera's mount and intrinsics: what is needed to turn pixels into rays. */
export interface CameraConfig {
  /** Lens height above the floor, metres. */
  height: number;
  /** Distance of the lens ahead of the base centre, metres. */
  forward: number;
  /** Downward tilt, degrees (positive looks down). */
  pitchDeg: number;
  /** Horizontal field of view, degrees. */
  hfovDeg: number;
  /** Image size in pixels. */
  width: number;
  heightPx: number;
}

/** Packed RGB image, 8 bits per channel, row-major, top row first. */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

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
