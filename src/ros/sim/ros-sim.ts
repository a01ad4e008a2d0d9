import type { Rng } from '../../core/rng.js';
import { renderFrame } from '../../sim/camera/render.js';
import { RealtimeRunner } from '../../sim/runner.js';
import type { Scenario } from '../../sim/scenario.js';
import { createSimulation, type Simulation } from '../../sim/sim-backend.js';
import type { RosPublisher, RosTransport } from '../transport/ros-transport.js';
import { CmdVelDrive } from './cmd-vel-drive.js';
import { publishCamera } from './camera-topics.js';
import { MoveBaseServer } from './move-base-server.js';
import { advertiseCharging, advertiseGripper } from './sim-services.js';
import { batteryMessage, occupancyGridMessage, odometryMessage, rosTime, type RosTime } from './sim-messages.js';
import { worldTruth, type WorldTruth } from '../../sim/world-truth.js';

/** The ROS names ros-sim uses; examples/ros/ros-sim-robot.yaml maps the robot onto these. */
export const ROS_SIM_NAMES = {
  odom: '/odom',
  battery: '/battery_state',
  camera: '/camera/image_raw',
  map: '/map',
  moveBase: '/move_base',
  gripper: '/gripper/grasp',
  charging: '/charging/enable',
  cmdVel: '/cmd_vel',
} as const;

/** Publishing rates, in physics steps (50 Hz): odometry at 25 Hz, the battery at 1 Hz. */
const ODOM_EVERY_STEPS = 2;
const BATTERY_EVERY_STEPS = 50;

export interface RosSimOptions {
  transport: RosTransport;
  scenario: Scenario | string;
  seed: number;
  /** Epoch seconds that simulated time 0 stands for (message stamps are epoch + sim time). */
  epochSeconds: number;
  /** Told when a velocity command preempts a move_base goal. */
  log?: (line: string) => void;
}

/**
 * The deterministic simulator on a ROS master, paced to the wall clock: odometry, battery, camera
 * images and the occupancy map as topics, `move_base` as an action server, the gripper and the
 * charger as std_srvs/SetBool services, and /cmd_vel driving the base (with a 0.5 s watchdog;
 * see cmd-vel-drive.ts for how it and move_base share the base). Anyone can drive it with ROS tools.
 */
export class RosSim {
  private readonly closers: Array<() => Promise<void>> = [];
  private closed = false;

  private constructor(
    readonly sim: Simulation,
    private readonly runner: RealtimeRunner,
    private readonly opts: RosSimOptions,
  ) {}

  static async start(opts: RosSimOptions): Promise<RosSim> {
    let noise: Rng | undefined;
    const sim: Simulation = createSimulation({
      scenario: opts.scenario,
      seed: opts.seed,
      realtime: true,
      renderFrame: (world, pose, time) => renderFrame(world, pose, { rng: (noise ??= sim.rng.fork('camera')), time }),
    });
    const runner = sim.runner as RealtimeRunner;
    const rosSim = new RosSim(sim, runner, opts);
    try {
      await rosSim.advertise();
    } catch (e) {
      await rosSim.close();
      throw e;
    }
    runner.start();
    return rosSim;
  }

  /** Ground truth now: where the robot and every object are (for tests, never for the agent). */
  truth(): WorldTruth {
    return worldTruth(this.sim.world);
  }

  private stamp = (): RosTime => rosTime(this.opts.epochSeconds + this.sim.clock.now());

  private async advertise(): Promise<void> {
    const { transport } = this.opts;
    const { world, engine, backend } = this.sim;
    const keep = (p: RosPublisher) => (this.closers.push(() => p.close()), p);
    const odom = keep(await transport.advertise(ROS_SIM_NAMES.odom, 'nav_msgs/Odometry'));
    const battery = keep(await transport.advertise(ROS_SIM_NAMES.battery, 'sensor_msgs/BatteryState', { latch: true }));
    const map = keep(await transport.advertise(ROS_SIM_NAMES.map, 'nav_msgs/OccupancyGrid', { latch: true }));
    map.publish(occupancyGridMessage(world.map, this.stamp()));
    battery.publish(batteryMessage(world.robot, this.stamp()));
    odom.publish(odometryMessage(world.robot, this.stamp()));

    let steps = 0;
    let charging = world.robot.charging;
    const offStep = engine.onStep(() => {
      steps++;
      if (steps % ODOM_EVERY_STEPS === 0) odom.publish(odometryMessage(world.robot, this.stamp()));
      // A change of charging state goes out at once: a client waiting for it should not wait a second.
      if (steps % BATTERY_EVERY_STEPS === 0 || world.robot.charging !== charging) battery.publish(batteryMessage(world.robot, this.stamp()));
      charging = world.robot.charging;
    });
    this.closers.push(async () => offStep());

    this.closers.push(await publishCamera(transport, ROS_SIM_NAMES.camera, () => backend.captureFrame(), this.stamp));

    const moveBase = await MoveBaseServer.start(transport, ROS_SIM_NAMES.moveBase, engine, this.stamp);
    this.closers.push(() => moveBase.close());
    this.closers.push(await advertiseGripper(transport, ROS_SIM_NAMES.gripper, engine));
    this.closers.push(await advertiseCharging(transport, ROS_SIM_NAMES.charging, engine));
    const drive = new CmdVelDrive(engine, ROS_SIM_NAMES.cmdVel, moveBase, this.opts.log);
    this.closers.push(async () => drive.close());
    this.closers.push(await transport.subscribe(ROS_SIM_NAMES.cmdVel, 'geometry_msgs/Twist', (twist) => drive.onTwist(twist)));
  }

  /** Stops the base and the clock, and leaves the ROS graph's topics and services (not the node). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.sim.engine.stopMotion('ros-sim is shutting down');
    this.runner.stop();
    for (const close of this.closers.reverse()) {
      try {
        await close();
      } catch {
        // Leaving the graph goes on: the master may already be gone.
      }
    }
  }
}
