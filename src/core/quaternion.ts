/**
 * Headings as ROS carries them: a unit quaternion for a rotation about the vertical axis. The
 * robot lives in the plane, so only yaw matters; roll and pitch of an incoming orientation are
 * ignored.
 */
export interface Quaternion {
  x: number;
  y: number;
  z: number;
  w: number;
}

export function quaternionFromYaw(yaw: number): Quaternion {
  return { x: 0, y: 0, z: Math.sin(yaw / 2), w: Math.cos(yaw / 2) };
}

/** The yaw of any orientation (its rotation about z, radians in (-π, π]). */
export function yawFromQuaternion(q: Quaternion): number {
  return Math.atan2(2 * (q.w * q.z + q.x * q.y), 1 - 2 * (q.y * q.y + q.z * q.z));
}
