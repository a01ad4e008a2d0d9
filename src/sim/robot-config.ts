import type { CameraConfig } from '../core/camera-frame.js';
/**
 * The simulated robot's build: body, drive limits, gripper envelope, camera mount and battery
 * model. Hard physical limits live here; the tunable limits (max speeds, tolerances) are robot
 * parameters and are clamped to these.
 */
export interface RobotConfig {
  /** Radius of the round base, metres. */
  radius: number;
  maxLinearSpeed: number;
  maxAngularSpeed: number;
  maxLinearAccel: number;
  maxAngularAccel: number;
  gripper: {
    /** Objects whose centre lies this far ahead of the base centre can be grasped. */
    reachMin: number;
    reachMax: number;
    /** Half width of the grasp envelope across the robot, metres. */
    halfWidth: number;
    /** Where an object is put down, metres ahead of the base centre. */
    dropDistance: number;
    /** Seconds a grasp or release takes. */
    actionSeconds: number;
  };
  camera: CameraConfig;
  battery: {
    drainPerSecond: number;
    drainPerMetre: number;
    drainPerRadian: number;
    chargePerSecond: number;
  };
}

export const DEFAULT_ROBOT_CONFIG: RobotConfig = {
  radius: 0.25,
  maxLinearSpeed: 1.0,
  maxAngularSpeed: 2.5,
  maxLinearAccel: 1.2,
  maxAngularAccel: 4.0,
  gripper: { reachMin: 0.24, reachMax: 0.48, halfWidth: 0.12, dropDistance: 0.38, actionSeconds: 1.2 },
  camera: { height: 0.45, forward: 0.2, pitchDeg: 10, hfovDeg: 70, width: 320, heightPx: 240 },
  battery: { drainPerSecond: 0.0002, drainPerMetre: 0.008, drainPerRadian: 0.001, chargePerSecond: 0.02 },
};

/** Physics rate of the simulator. */
export const PHYSICS_HZ = 50;
export const PHYSICS_DT = 1 / PHYSICS_HZ;
