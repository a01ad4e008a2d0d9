import { RobotCommandError } from '../../robot/robot-errors.js';
import { Robot } from '../../robot/robot.js';
import { createSimulation } from '../../sim/sim-backend.js';
import { loadScenario } from '../../sim/scenario.js';
import { round } from '../../core/geometry.js';
import { EXIT_FAILURE, EXIT_USAGE, UserError, writeJson, writeLine, type CliIo } from '../io.js';

interface SimOptions {
  scenario: string;
  seed: number;
  goto: number[];
  json?: boolean;
}

/** Arms the simulated robot, drives it to a point and reports how the trip went. */
export async function runSim(io: CliIo, opts: SimOptions): Promise<number> {
  const scenario = loadScenario(opts.scenario);
  const sim = createSimulation({ scenario, seed: opts.seed });
  const robot = new Robot(sim.backend);
  const [x, y] = opts.goto as [number, number];
  const start = sim.backend.readState().pose;
  robot.arm();
  const op = startTrip(robot, x, y);
  const t0 = sim.clock.now();
  await robot.waitFor(op, { timeoutS: 600 });
  const end = sim.backend.readState().pose;
  const report = {
    scenario: scenario.name,
    seed: opts.seed,
    goal: { x, y },
    arrived: op.status === 'succeeded',
    outcome: op.status,
    reason: op.error ?? null,
    pathLengthM: round(op.goal.pathLengthM as number, 3),
    drivenM: round(sim.world.robot.odometer, 3),
    simSeconds: round(sim.clock.now() - t0, 3),
    finalErrorM: round(Math.hypot(end.x - x, end.y - y), 4),
    start: { x: round(start.x), y: round(start.y), heading: round(start.heading) },
    final: { x: round(end.x), y: round(end.y), heading: round(end.heading) },
    battery: round(sim.backend.readState().battery, 4),
    stateHash: sim.world.stateHash(),
  };
  if (opts.json) writeJson(io.stdout, report);
  else {
    writeLine(io.stdout, `${report.arrived ? 'arrived' : `did not arrive (${report.reason})`} at (${x}, ${y}) in ${scenario.name}, seed ${opts.seed}`);
    writeLine(io.stdout, `  path length   ${report.pathLengthM} m planned, ${report.drivenM} m driven`);
    writeLine(io.stdout, `  time          ${report.simSeconds} s simulated`);
    writeLine(io.stdout, `  final error   ${report.finalErrorM} m  (final pose ${report.final.x}, ${report.final.y}, heading ${report.final.heading} rad)`);
    writeLine(io.stdout, `  battery       ${Math.round(report.battery * 100)}%`);
    writeLine(io.stdout, `  state hash    ${report.stateHash}`);
  }
  return report.arrived ? 0 : EXIT_FAILURE;
}

/** A goal outside the room is a wrong --goto (usage, exit 2); one the robot cannot reach is a failed trip (exit 1). */
function startTrip(robot: Robot, x: number, y: number) {
  try {
    return robot.navigateTo({ x, y });
  } catch (e) {
    if (e instanceof RobotCommandError && e.code === 'out_of_workspace') throw new UserError(`--goto ${x},${y}: ${e.message}`, EXIT_USAGE, e.code);
    throw e;
  }
}
