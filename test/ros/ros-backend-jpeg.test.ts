/**
 * The ROS robot backend's camera on a JPEG sensor_msgs/CompressedImage (image_transport's
 * default "compressed" transport), on a real roscore: ros-sim's raw camera frame is JPEG-encoded
 * and published latched on /camera/image_raw/compressed, and the backend, whose profile names
 * that topic, decodes it back to the frame it came from (within JPEG's loss). A broken JPEG is a
 * clear error when a frame is captured.
 */
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RgbImage } from '../../src/core/camera-frame.js';
import { CameraImageError, decodeRawImage } from '../../src/ros/backend/camera-image.js';
import { connectRosBackend, type ConnectedRosBackend } from '../../src/ros/backend/connect.js';
import { loadRobotProfile } from '../../src/ros/backend/robot-profile.js';
import type { RosMessage, RosPublisher } from '../../src/ros/transport/ros-transport.js';
import { ROS_INSTALLED, ROS_SKIP_REASON } from '../helpers/roscore.js';
import { PATIENT_TIMEOUTS, rosTransportForSuite, until } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const COMPRESSED = '/camera/image_raw/compressed';

function jpegOf(image: RgbImage): Buffer {
  const rgba = Buffer.alloc(image.width * image.height * 4, 255);
  for (let p = 0; p < image.width * image.height; p++) rgba.set(image.rgb.subarray(3 * p, 3 * p + 3), 4 * p);
  return jpeg.encode({ width: image.width, height: image.height, data: rgba }, 95).data;
}

function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** The backend's frame once the image just published has reached it (its old one is refused). */
async function freshFrame(connected: ConnectedRosBackend) {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      return connected.backend.captureFrame();
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe.skipIf(!ROS_INSTALLED)('the ROS robot backend on a JPEG camera', () => {
  const ros = rosTransportForSuite();
  let publisher: RosPublisher;
  let connected: ConnectedRosBackend;
  let raw: RgbImage;
  beforeAll(async () => {
    // One raw frame from ros-sim's camera, as the robot's camera driver would see it.
    let arrive: (m: RosMessage) => void = () => undefined;
    const arrived = new Promise<RosMessage>((resolve) => (arrive = resolve));
    const unsubscribe = await ros.transport.subscribe('/camera/image_raw', 'sensor_msgs/Image', (m) => arrive(m));
    const first = await arrived;
    await unsubscribe();
    raw = decodeRawImage(first);
    publisher = await ros.transport.advertise(COMPRESSED, 'sensor_msgs/CompressedImage', { latch: true });
    publisher.publish({ header: first.header, format: 'jpeg', data: jpegOf(raw) });
    const profile = loadRobotProfile('examples/ros/ros-sim-robot.yaml');
    connected = await connectRosBackend(
      ros.transport,
      { ...profile, camera: { ...profile.camera, topic: COMPRESSED, type: 'sensor_msgs/CompressedImage' }, timeouts: PATIENT_TIMEOUTS },
      () => performance.now(),
    );
  }, 90_000);
  afterAll(async () => {
    await connected?.close();
    await publisher?.close();
  });

  it('decodes the JPEG frame to the raw frame it was made from', async () => {
    // A camera driver stamps each frame as it takes it: the frame again, stamped as the odometry
    // is now (the backend refuses to place an image older than the odometry it keeps).
    let tick: (m: RosMessage) => void = () => undefined;
    const ticked = new Promise<RosMessage>((resolve) => (tick = resolve));
    const unsubscribe = await ros.transport.subscribe('/odom', 'nav_msgs/Odometry', (m) => tick(m));
    const { stamp } = (await ticked).header as { stamp: unknown };
    await unsubscribe();
    publisher.publish({ header: { seq: 0, stamp, frame_id: 'camera' }, format: 'jpeg', data: jpegOf(raw) });
    const frame = await freshFrame(connected);
    expect([frame.width, frame.height]).toEqual([raw.width, raw.height]);
    expect(meanAbsDiff(frame.rgb, raw.rgb)).toBeLessThan(4); // quality 95: a few levels off at most, on average
    expect(meanAbsDiff(frame.rgb, new Uint8Array(frame.rgb.length))).toBeGreaterThan(20); // and a real picture, not black
    expect(frame.pose).toMatchObject({ x: expect.closeTo(1, 3), y: expect.closeTo(1, 3) });
  });

  it('says the JPEG is unreadable when the bytes are not one', async () => {
    let seen: () => void = () => undefined;
    const replaced = new Promise<void>((resolve) => (seen = resolve));
    const unsubscribe = await ros.transport.subscribe(COMPRESSED, 'sensor_msgs/CompressedImage', (m) => {
      if ((m.data as Uint8Array).length === 9) seen();
    });
    publisher.publish({ header: { seq: 0, stamp: { secs: 0, nsecs: 0 }, frame_id: 'camera' }, format: 'jpeg', data: Buffer.from('not jpeg!') });
    await replaced;
    await unsubscribe();
    // The backend's own subscription has it too, in its own time.
    await until('the backend has the broken image', () => {
      try {
        connected.backend.captureFrame();
        return false;
      } catch (e) {
        return e instanceof CameraImageError;
      }
    });
    expect(() => connected.backend.captureFrame()).toThrow(CameraImageError);
    expect(() => connected.backend.captureFrame()).toThrow(/the compressed image is not a readable JPEG/);
  }, 30_000);
});
