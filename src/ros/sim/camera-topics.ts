import type { CameraFrame } from '../../core/camera-frame.js';
import { encodePng } from '../../core/png.js';
import type { RosPublisher, RosTransport } from '../transport/ros-transport.js';
import { compressedImageMessage, imageMessage, type RosTime } from './sim-messages.js';

/** Camera frames per second. A frame takes ~25 ms to render, so they are drawn only while
 *  someone subscribes, off the physics loop. */
export const CAMERA_HZ = 4;

/**
 * The simulated camera on two topics, as image_transport publishes a camera: raw
 * sensor_msgs/Image on `topic` and sensor_msgs/CompressedImage (PNG: lossless, so the detector
 * sees exactly the raw frame) on `topic/compressed`. A frame is rendered only when one of them
 * has a subscriber, once for both, and compressed only when the compressed one has. Resolves to
 * a function that stops publishing and leaves both topics.
 */
export async function publishCamera(transport: RosTransport, topic: string, capture: () => CameraFrame, stamp: () => RosTime): Promise<() => Promise<void>> {
  const publishers: RosPublisher[] = [];
  const close = async () => {
    clearInterval(timer);
    for (const p of publishers) await p.close();
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const raw = await transport.advertise(topic, 'sensor_msgs/Image');
    publishers.push(raw);
    const compressed = await transport.advertise(`${topic}/compressed`, 'sensor_msgs/CompressedImage');
    publishers.push(compressed);
    timer = setInterval(() => {
      const wantRaw = raw.subscriberCount() > 0;
      const wantCompressed = compressed.subscriberCount() > 0;
      if (!wantRaw && !wantCompressed) return;
      const frame = capture();
      const at = stamp();
      if (wantRaw) raw.publish(imageMessage(frame, at));
      if (wantCompressed) compressed.publish(compressedImageMessage('rgb8; png compressed rgb8', encodePng(frame), at));
    }, 1000 / CAMERA_HZ);
  } catch (e) {
    await close();
    throw e;
  }
  return close;
}
