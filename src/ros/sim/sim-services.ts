import type { SimEngine } from '../../sim/engine.js';
import type { RosMessage, RosTransport } from '../transport/ros-transport.js';

/** std_srvs/SetBool's answer. */
function answer(success: boolean, message: string): RosMessage {
  return { success, message };
}

/** Resolves once the gripper action started on `engine` is no longer active. */
function gripperSettled(engine: SimEngine): Promise<void> {
  return new Promise((resolve) => {
    const off = engine.onStep(() => {
      if (engine.gripperState().status === 'active') return;
      off();
      resolve();
    });
  });
}

/**
 * The gripper as a std_srvs/SetBool service: true grasps whatever is in the jaws, false releases
 * what is held. The call returns when the action is over (it takes the gripper's action time),
 * with success and the simulator's reason when it failed. A success does not name the object:
 * the robot finds out what it holds through its camera, as a real one would.
 */
export async function advertiseGripper(transport: RosTransport, service: string, engine: SimEngine): Promise<() => Promise<void>> {
  return transport.advertiseService(service, 'std_srvs/SetBool', async (request) => {
    const action = request.data === true ? 'grasp' : 'release';
    engine.startGripper(action);
    if (engine.gripperState().status === 'active') await gripperSettled(engine);
    const state = engine.gripperState();
    if (state.status === 'succeeded') return answer(true, action === 'grasp' ? 'grasped' : `released${state.zone ? ` in ${state.zone}` : ''}`);
    return answer(false, state.reason ?? `${action} did not complete`);
  });
}

/** Charging as a std_srvs/SetBool service: true starts charging (on the dock only), false stops. */
export async function advertiseCharging(transport: RosTransport, service: string, engine: SimEngine): Promise<() => Promise<void>> {
  return transport.advertiseService(service, 'std_srvs/SetBool', (request) => {
    const on = request.data === true;
    const result = engine.setCharging(on);
    return result.ok ? answer(true, on ? 'charging' : 'not charging') : answer(false, result.reason);
  });
}
