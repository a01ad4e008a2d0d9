/**
 * Leaving the ROS graph closes every connection other nodes hold to this process's node, so a
 * process that ends when nothing is left to do (serve, tui) does end. rosnodejs leaves one open
 * when a subscriber comes just after the publisher went (an action client or a stop publisher
 * closed by a failing start-up): its TCPROS header, or its XML-RPC request for the topic, names a
 * topic the node no longer has, and rosnodejs neither answers nor closes the connection. The
 * fixture forces that order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRos } from '../../src/ros/transport/rosnodejs-transport.js';
import { ROS_INSTALLED, ROS_SKIP_REASON, startRoscore, type Roscore } from '../helpers/roscore.js';
import { until } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

describe.skipIf(!ROS_INSTALLED)('leaving the ROS graph', () => {
  let master: Roscore;
  beforeAll(async () => {
    master = await startRoscore();
  }, 30_000);
  afterAll(() => master?.stop());

  it.each([
    ['its header', 'header'],
    ['its request for the topic', 'request'],
  ])('closes the connection of a subscriber that sent %s after the publisher went', async (_, what) => {
    const transport = await connectRos({ masterUri: master.uri, env: master.env, nodeName: '/leaving_node' });
    const publisher = await transport.advertise('/late_topic', 'std_msgs/Bool');
    const late = await master.startNode('test/fixtures/ros/late_subscriber.py', ['/leaving_node', '/late_topic', what]);
    try {
      await publisher.close();
      // It comes once the master lists no publisher; the node keeps the connection, unanswered.
      await until('the late subscriber has connected and heard nothing', () => late.output().includes('UNANSWERED'), { timeoutMs: 15_000, detail: late.output });
      expect(late.output()).not.toContain('CLOSED');
      await transport.shutdown();
      await until('the node has closed its connection', () => late.output().includes('CLOSED'), { timeoutMs: 10_000, detail: late.output });
    } finally {
      await late.stop();
      await transport.shutdown();
    }
  }, 40_000);
});
