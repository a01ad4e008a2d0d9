/**
 * The --ros-config file: what a valid one gives, and one line with the file, line and field for
 * each mistake. Needs no ROS except for the unknown-type check at the end.
 */
import { describe, expect, it } from 'vitest';
import { loadRosConfig, parseRosConfig, RosConfigError } from '../../src/ros/primitives/config.js';
import { RosPrimitives } from '../../src/ros/primitives/ros-primitives.js';
import { RosUnknownTypeError } from '../../src/ros/transport/ros-transport.js';
import { ROS_INSTALLED, roscoreForSuite } from '../helpers/roscore.js';

const error = (yaml: string) => {
  try {
    parseRosConfig(yaml, 'robot.yaml');
  } catch (e) {
    expect(e).toBeInstanceOf(RosConfigError);
    expect((e as Error).message).not.toContain('\n');
    return (e as Error).message;
  }
  throw new Error('no error');
};

describe('ROS config', () => {
  it('reads the example with its defaults', () => {
    const config = loadRosConfig('examples/ros/primitives.yaml');
    expect(config.master).toBe('http://127.0.0.1:11311');
    expect(config.topics.map((t) => [t.name, t.mode])).toEqual([
      ['battery', 'subscribe'],
      ['camera', 'subscribe'],
      ['drive', 'publish'],
    ]);
    expect(config.topics[2]).toMatchObject({ latch: false, timeout_ms: 2000 });
    expect(config.services[0]).toMatchObject({ name: 'enable_gripper', service: '/gripper/enable', timeout_ms: 2000 });
    expect(config.actions[0]).toMatchObject({ name: 'navigate', cancellable: true, timeout_ms: 60000, server_timeout_ms: 3000, group: 'base' });
    expect(config.groups).toEqual({ base: 'queue' });
  });

  it('names the line of malformed YAML', () => {
    expect(error('topics:\n  - { name: a, topic: /a\n')).toMatch(/^robot\.yaml:\d+: not valid YAML: /);
    expect(error('topics:\n  - name: a\n   topic: /x\n')).toMatch(/^robot\.yaml:3: not valid YAML/);
  });

  it('names the field and its line', () => {
    const yaml = 'topics:\n  - name: battery\n    topic: /battery_state\n    type: BatteryState\n    mode: subscribe\n';
    expect(error(yaml)).toBe('robot.yaml:4: topics[0].type: a ROS type such as sensor_msgs/BatteryState');
    expect(error('topics:\n  - { name: b, topic: /b, type: std_msgs/Bool, mode: listen }\n')).toMatch(/^robot\.yaml:2: topics\[0\]\.mode: /);
    expect(error('services:\n  - { name: s, type: std_srvs/SetBool }\n')).toMatch(/^robot\.yaml:2: services\[0\]\.service: /);
    expect(error('topics: []\nsubscriptions: []\n')).toBe('robot.yaml:2: subscriptions: unknown field (allowed: master, topics, services, actions, groups)');
    expect(error('actions:\n  - { name: go, action: /go, type: move_base_msgs/MoveBaseAction, timeout: 5 }\n')).toMatch(/^robot\.yaml:2: actions\[0\]\.timeout: unknown field \(allowed: name, action, type/);
    expect(error('actions:\n  - { name: go, action: /go, type: move_base_msgs/MoveBase }\n')).toMatch(/actions\[0\]\.type: an action type ending in Action/);
    expect(error('actions:\n  - { name: go, action: /go, type: a/BAction, group: base }\n')).toMatch(/^robot\.yaml:2: actions\[0\]\.group: group "base" is not under groups:/);
    expect(error('groups: { base: wait }\n')).toMatch(/^robot\.yaml:1: groups\.base: /);
    expect(error('master: localhost:11311\n')).toMatch(/^robot\.yaml:1: master: /);
    expect(error('topics:\n  - { name: a, topic: /a, type: std_msgs/Bool, mode: publish }\nservices:\n  - { name: a, service: /s, type: std_srvs/Trigger }\n')).toMatch(
      /^robot\.yaml:4: services\[0\]\.name: "a" is already the name of topics\[0\]/,
    );
  });

  it('says when the file cannot be read', () => {
    expect(() => loadRosConfig('no/such/ros.yaml')).toThrow('cannot read --ros-config no/such/ros.yaml: ENOENT');
  });
});

describe.skipIf(!ROS_INSTALLED)('ROS config against the installed message packages', () => {
  const ros = roscoreForSuite();

  it('an unknown message type is named before any tool exists', async () => {
    const config = parseRosConfig('topics:\n  - { name: battery, topic: /b, type: sensor_msgs/BateryState, mode: subscribe }\n', 'robot.yaml');
    await expect(RosPrimitives.open({ config, ros: ros.transport })).rejects.toThrow(RosUnknownTypeError);
    await expect(RosPrimitives.open({ config, ros: ros.transport })).rejects.toThrow(/unknown ROS message type "sensor_msgs\/BateryState"/);
  });

  it('a primitive may not take a robot tool name', async () => {
    const config = parseRosConfig('topics:\n  - { name: arm, topic: /b, type: std_msgs/Bool, mode: publish }\n', 'robot.yaml');
    await expect(RosPrimitives.open({ config, ros: ros.transport, reservedNames: ['arm', 'disarm'] })).rejects.toThrow('ROS primitive "arm" has the name of a robot tool; rename it in the ROS config');
  });
});
