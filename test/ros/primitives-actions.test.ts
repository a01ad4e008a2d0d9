/**
 * Action primitives against a move_base action server on Debian's actionlib (rospy): a goal is an
 * operation read through the robot's get_operation with feedback, then success, abort, cancel,
 * timeout, each group policy (queue, error, cancel = preemption), and no action server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROS_INSTALLED, ROS_SKIP_REASON } from '../helpers/roscore.js';
import { call, openPrimitivesWorld, structured, text, type PrimitivesWorld } from './primitives-setup.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const YAML = `
topics:
  - { name: final_x, topic: /fixture/final_x, type: std_msgs/Float64, mode: subscribe }
actions:
  - { name: navigate, action: /move_base, type: move_base_msgs/MoveBaseAction, group: base, timeout_ms: 20000 }
  - { name: navigate_strict, action: /move_base, type: move_base_msgs/MoveBaseAction, group: strict }
  - { name: navigate_preempt, action: /move_base, type: move_base_msgs/MoveBaseAction, group: preempt }
  - { name: navigate_quick, action: /move_base, type: move_base_msgs/MoveBaseAction, timeout_ms: 300 }
  - { name: navigate_fixed, action: /move_base, type: move_base_msgs/MoveBaseAction, cancellable: false }
  - { name: nowhere, action: /no_server_here, type: move_base_msgs/MoveBaseAction, server_timeout_ms: 300 }
groups: { base: queue, strict: error, preempt: cancel }
`;

const goal = (x: number, frame = 'map') => ({ target_pose: { header: { frame_id: frame }, pose: { position: { x }, orientation: { w: 1 } } } });

describe.skipIf(!ROS_INSTALLED)('ROS action primitives as operations', () => {
  let world: PrimitivesWorld;
  beforeAll(async () => {
    world = await openPrimitivesWorld(YAML, [['test/fixtures/ros/move_base_server.py', ['--speed', '5']]]);
  }, 60_000);
  afterAll(() => world?.close());

  const start = async (tool: string, x: number, frame?: string) => {
    const r = await call(world.client, tool, goal(x, frame));
    expect(r.isError, text(r)).toBeFalsy();
    return structured(r) as { id: string; status: string; kind: string };
  };
  const waitFor = async (id: string, seconds = 10) => structured(await call(world.client, 'get_operation', { id, wait_seconds: seconds }));
  const finalX = async () => structured(await call(world.client, 'final_x')).message.data as number;

  it('a goal is an operation with feedback and a result, read through get_operation', async () => {
    const op = await start('navigate', 1);
    expect(op).toMatchObject({ kind: 'ros:navigate', status: 'running' });
    expect(op.id).toMatch(/^ros-\d+$/);
    const done = await waitFor(op.id);
    expect(done).toMatchObject({ status: 'succeeded', progress: 1, message: 'succeeded: reached x=1.00' });
    expect(done.result.goal_status).toBe('succeeded');
    // The latest feedback seen before the result: on its way to x = 1 (feedback and result
    // travel on separate topics, so the very last one may come after the result).
    const x = done.feedback['base_position.pose.position.x'];
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThanOrEqual(1 + 1e-9);
    const list = structured(await call(world.client, 'list_operations', {}));
    expect(list.operations.map((o: { id: string }) => o.id)).toContain(op.id);
  });

  it('cancel_operation cancels the goal on the action server', async () => {
    const op = await start('navigate', 1000);
    await new Promise((r) => setTimeout(r, 200));
    const cancelled = structured(await call(world.client, 'cancel_operation', { id: op.id }));
    expect(cancelled.id).toBe(op.id);
    const done = await waitFor(op.id);
    expect(done).toMatchObject({ status: 'cancelled', error_code: 'cancelled' });
    expect(done.message).toMatch(/^cancelled on request \(preempted: preempted at x=/);
    const x = await finalX();
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(1000);
  });

  it('an aborted goal fails with the server text', async () => {
    const done = await waitFor((await start('navigate', 1, 'unreachable')).id);
    expect(done).toMatchObject({ status: 'failed', error_code: 'failed', message: 'aborted by the action server: no path to the goal' });
  });

  it('a goal past its timeout is cancelled with code timeout', async () => {
    const done = await waitFor((await start('navigate_quick', 1000)).id);
    expect(done).toMatchObject({ status: 'cancelled', error_code: 'timeout' });
    expect(done.message).toMatch(/^timed out after 300 ms/);
  });

  it('queue: a second goal of the group waits, then runs', async () => {
    const first = await start('navigate', 1);
    const second = await start('navigate', 2);
    expect(second.status).toBe('pending');
    expect((await waitFor(first.id)).status).toBe('succeeded');
    const done = await waitFor(second.id);
    expect(done).toMatchObject({ status: 'succeeded', message: 'succeeded: reached x=2.00' });
  });

  it('error: a second goal of the group is refused while one runs', async () => {
    const first = await start('navigate_strict', 1000);
    const refused = await call(world.client, 'navigate_strict', goal(1));
    expect(refused.isError).toBe(true);
    expect(structured(refused).error).toMatchObject({ code: 'busy', operation_id: first.id });
    await call(world.client, 'cancel_operation', { id: first.id });
    expect((await waitFor(first.id)).status).toBe('cancelled');
  });

  it('cancel: a new goal of the group preempts the running one', async () => {
    const first = await start('navigate_preempt', 1000);
    await new Promise((r) => setTimeout(r, 200));
    const second = await start('navigate_preempt', 1);
    const preempted = await waitFor(first.id);
    expect(preempted).toMatchObject({ status: 'cancelled', error_code: 'cancelled' });
    expect(preempted.message).toMatch(/^preempted by a new navigate_preempt goal/);
    expect((await waitFor(second.id)).status).toBe('succeeded');
  });

  it('a goal that is not cancellable refuses cancel_operation', async () => {
    const op = await start('navigate_fixed', 1);
    const r = await call(world.client, 'cancel_operation', { id: op.id });
    expect(r.isError).toBe(true);
    expect(structured(r).error.code).toBe('conflict');
    expect((await waitFor(op.id)).status).toBe('succeeded');
  });

  it('no action server: an unavailable failure naming the action', async () => {
    const r = await call(world.client, 'nowhere', goal(1));
    expect(r.isError).toBe(true);
    expect(structured(r).error.code).toBe('unavailable');
    expect(text(r)).toMatch(/^no action server at \/no_server_here after 300 ms/);
  });

  it('arguments that do not fit the goal name the field', async () => {
    const r = await call(world.client, 'navigate', { target_pose: { pose: { position: { x: 'far' } } } });
    expect(r.isError).toBe(true);
    expect(structured(r).error.code).toBe('invalid_argument');
    expect(text(r)).toMatch(/target_pose\.pose\.position\.x/);
  });
});
