import { Command, CommanderError, Option } from 'commander';
import type { CliIo } from './io.js';
import { OUTPUT_FORMATS } from './output-format.js';
import { parseInteger, parseNumberList, parsePositiveInteger } from './parse.js';
import { addSetupCommands } from './setup-commands.js';
import { PROGRAM_VERSION } from './version.js';

/**
 * The command-line grammar. Each command's work lives in `commands/<name>.ts`, imported only when
 * that command runs, so `--help` never pays for ink, the SDKs or onnxruntime.
 */
export interface ProgramResult {
  /** Exit code a command chose (0 unless it reported a failed job). */
  exitCode: number;
}

export function createProgram(io: CliIo, result: ProgramResult = { exitCode: 0 }): Command {
  /** Commands return their exit code (or nothing for 0). */
  const run =
    <A extends unknown[]>(fn: (...args: A) => Promise<number | void>) =>
    async (...args: A) => {
      result.exitCode = (await fn(...args)) ?? 0;
    };
  const program = new Command('robot-agent')
    .description('Give a mobile robot a mission in plain words and watch it plan and carry it out.')
    .version(PROGRAM_VERSION, '-V, --version')
    .option('--verbose', 'print stack traces for errors')
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .exitOverride();

  program
    .command('scenarios')
    .description('list the built-in scenarios')
    .option('--json', 'print a JSON array')
    .action(run(async (opts) => (await import('./commands/scenarios.js')).runScenarios(io, opts)));

  program
    .command('sim')
    .description('drive the simulated robot to a point and report how it went')
    .option('-s, --scenario <name|path>', 'scenario name or file', 'warehouse')
    .option('--seed <n>', 'random seed', parseInteger, 1)
    .requiredOption('--goto <x,y>', 'target position in metres', parseNumberList([2], 'a position like 4,2.5'))
    .option('--json', 'print one JSON object')
    .action(run(async (opts) => (await import('./commands/sim.js')).runSim(io, opts)));

  missionOptions(
    program
      .command('run')
      .description('plan and carry out a mission given in plain words')
      .argument('<instruction>', 'what the robot should do, e.g. "pick up the red cube"'),
  )
    .addOption(new Option('--output <format>', 'text (lines for a person; live progress on a terminal), json (one report at the end) or stream-json (one JSON event per line as it happens)').choices(OUTPUT_FORMATS))
    .option('--json', 'the same as --output json')
    .option('-y, --yes', 'approve tools that need confirmation')
    .option('--record <path>', 'write the mission recording to this file')
    .option('--no-record', 'do not record the mission')
    .option('--record-dir <dir>', RECORD_DIR_HELP)
    .action(
      run(async (instruction: string, opts, cmd: Command) => {
        // The detector's worker creates its sessions while run's own modules load (vision/worker-detector.ts).
        const workers = await import('../vision/worker-detector.js');
        workers.prestartDetector({ modelPath: opts.detectorModel, labelsPath: opts.detectorLabels });
        try {
          return await (await import('./commands/run.js')).runRun(io, instruction, { ...opts, verbose: cmd.optsWithGlobals().verbose });
        } finally {
          await workers.releaseSpareDetector();
        }
      }),
    );

  program
    .command('replay')
    .description('re-run recorded missions and verify every tool result (or --show one)')
    .argument('<files...>', 'replay files (.jsonl); "last" is the newest recorded mission')
    .option('--json', 'print the verdicts as a JSON array')
    .option('--show', 'print a readable timeline of the recording instead of verifying it')
    .option('--record <path>', 'also record the replayed mission (provider "replay") to this file')
    .option('--record-dir <dir>', `where "last" is looked for: ${RECORD_DIR_HELP}`)
    .option('-c, --config <path>', 'config file whose recordDir "last" is looked for in')
    .action(run(async (files: string[], opts) => (await import('./commands/replay.js')).runReplay(io, files, opts)));

  program
    .command('missions')
    .description('list the most recent recorded missions: time, scenario, outcome, instruction and file')
    .option('--limit <n>', 'how many to list', parsePositiveInteger, 20)
    .option('--json', 'print a JSON array')
    .option('--record-dir <dir>', RECORD_DIR_HELP)
    .option('-c, --config <path>', 'config file whose recordDir to list')
    .action(run(async (opts) => (await import('./commands/missions.js')).runMissions(io, opts)));

  program
    .command('dataset')
    .description('export rendered camera frames and box labels for training the detector')
    .requiredOption('--out <dir>', 'directory to write images/, labels.jsonl and dataset.json into')
    .option('--count <n>', 'number of frames', parsePositiveInteger, 1000)
    .option('--seed <n>', 'random seed (the same seed gives the same frames)', parseInteger, 1)
    .option('-f, --force', 'write into a folder that is not empty, replacing the dataset already there')
    .action(run(async (opts) => (await import('./commands/dataset.js')).runDataset(io, opts)));

  program
    .command('detect')
    .description('run the object detector on a simulated camera view or a PNG image')
    .argument('[image]', 'PNG image to run on instead of a scenario')
    .option('-s, --scenario <name|path>', 'render the robot camera view in this scenario')
    .option('--pose <x,y,theta>', 'robot pose for the view, metres and radians (default: the scenario start)', parseNumberList([2, 3], 'a pose like 3,1.3,0.3'))
    .option('--seed <n>', 'camera noise seed', parseInteger, 1)
    .option('--save <file.png>', 'write the frame with boxes and labels drawn')
    .option('--confidence <c>', 'minimum detection confidence, 0..1', '0.35')
    .option('--threads <n>', 'inference threads', parsePositiveInteger, 2)
    .option('--detector-model <path>', 'ONNX model (default: models/detector.onnx)')
    .option('--detector-labels <path>', 'labels file: makes the model an Ultralytics YOLO export')
    .option('--no-second-stage', "the detector's own boxes, without the second-stage classifier")
    .option('--json', 'print one JSON object')
    .action(run(async (image: string | undefined, opts) => (await import('./commands/detect.js')).runDetect(io, image, opts)));

  const bench = program.command('bench').description('print performance and quality figures');
  bench
    .command('vision')
    .description('detector mAP, precision/recall, localization error and speed on frames never used in training')
    .option('--frames <n>', 'frames to render', parsePositiveInteger, 1000)
    .option('--seed <n>', 'seed of the rendered frames', parseInteger, 4242)
    .option(
      '--source <kind>',
      'mixed (half scenarios, half random) | scenarios (the built-in rooms) | scenarios-any-class (those rooms, objects redrawn from all 12 classes) | random (the trainer\'s randomized rooms)',
      'mixed',
    )
    .option('--detector-model <path>', 'ONNX model (default: models/detector.onnx)')
    .option('--detector-labels <path>', 'labels file for an Ultralytics YOLO export')
    .option('--no-second-stage', "score the detector's own boxes, without the second-stage classifier")
    .option('--json', 'print one JSON object')
    .action(run(async (opts) => (await import('./commands/bench-vision.js')).runBenchVision(io, opts)));

  const mcp = program.command('mcp').description('MCP servers the agent can use');
  mcp
    .command('list')
    .description('show each MCP server, its status and its tools')
    .option('-c, --config <path>', 'config file (default ./robot-agent.json, then ~/.config/robot-agent/config.json)')
    .option('--mcp-timeout <ms>', MCP_TIMEOUT_HELP, parsePositiveInteger)
    .option('--json', 'print a JSON array')
    .action(run(async (opts) => (await import('./commands/mcp-list.js')).runMcpList(io, opts)));
  addSetupCommands(program, mcp, io, run);

  program
    .command('serve')
    .description('serve the simulated robot over MCP (stdio for Claude Desktop, or Streamable HTTP)')
    .option('--stdio', 'speak MCP on stdin/stdout (logs on stderr)')
    .option('--http', 'serve MCP over Streamable HTTP at /mcp')
    .option('-s, --scenario <name|path>', 'scenario name or file', 'warehouse')
    .option('--seed <n>', 'random seed', parseInteger, 1)
    .option('--realtime', 'pace the simulator to the wall clock (the default when serving)')
    .option('--no-realtime', 'run the simulator in virtual time, as fast as the CPU allows')
    .option('--host <address>', 'HTTP: address to bind (non-loopback needs a token)', '127.0.0.1')
    .option('--port <n>', 'HTTP: port (0 picks a free one)', parseInteger, 8765)
    .option('--token-env <name>', 'HTTP: require the bearer token held in this environment variable')
    .option('--token-file <path>', 'HTTP: require the bearer token held in this file')
    .option('--allowed-host <host>', 'HTTP: also accept this Host header ("name" or "name:port"; repeatable)', (v: string, all?: string[]) => [...(all ?? []), v])
    .option('--allowed-origin <origin>', 'HTTP: also accept this browser Origin (repeatable)', (v: string, all?: string[]) => [...(all ?? []), v])
    .option('--session-idle <seconds>', 'HTTP: end a session idle this long: no request running, no stream open (default 600)', parsePositiveInteger)
    .option('--detector-model <path>', 'ONNX detector model (default models/detector.onnx)')
    .option('--detector-labels <path>', 'labels file for a YOLO-layout --detector-model')
    .option('--audit-log <file>', 'append every actuation and safety event, with its session and client, to FILE as JSON Lines')
    .option('--allow-unconfirmed-estop-reset', 'let clients that cannot ask a person (no MCP elicitation) release the emergency stop without confirmation')
    .option('--ros-config <file>', 'also offer these ROS topics, services and actions (YAML, see examples/ros/primitives.yaml) as tools and resources')
    .addOption(new Option('--robot <kind>', 'the robot: the simulator, or a ROS robot described by --robot-profile').choices(['sim', 'ros']).default('sim'))
    .option('--robot-profile <file>', 'with --robot ros: the robot profile (YAML) mapping the robot onto ROS topics, services and actions')
    .option('--master <url>', 'with --robot ros: ROS master URI (default: the profile\'s, then ROS_MASTER_URI)')
    .action(run(async (_opts, cmd: Command) => (await import('./commands/serve.js')).runServe(io, cmd.optsWithGlobals())));

  program
    .command('ros-sim')
    .description('put the simulator on a ROS master as a robot: odometry, battery, camera, map, move_base, gripper and charging')
    .option('-s, --scenario <name|path>', 'scenario name or file', 'warehouse')
    .option('--seed <n>', 'random seed', parseInteger, 1)
    .option('--master <url>', 'ROS master URI (default: ROS_MASTER_URI, then http://localhost:11311)')
    .option('--truth-file <path>', 'at exit, write where the robot and every object ended up (JSON, for tests)')
    .action(run(async (_opts, cmd: Command) => (await import('./commands/ros-sim.js')).runRosSim(io, cmd.optsWithGlobals())));

  const tui = missionOptions(program.command('tui').description('interactive session: type missions one after another in one world (the default on a terminal)'))
    .option('--no-record', 'do not record the missions')
    .option('--record-dir <dir>', `${RECORD_DIR_HELP} (one file per mission)`)
    .action(run(async (opts) => (await import('./commands/tui.js')).runTui(io, opts)));

  // No command: `tui` on a terminal, the help otherwise. A word that is no command stays commander's error.
  // Set after the commands are declared so they do not inherit allowExcessArguments.
  program.allowExcessArguments(true).action(
    run(async (_opts, cmd: Command) => {
      if (cmd.args.length) (cmd as unknown as { unknownCommand(): never }).unknownCommand();
      if (!io.stdout.isTTY || !io.stdin?.isTTY) return void program.outputHelp();
      await tui.parseAsync([], { from: 'user' });
      return result.exitCode;
    }),
  );

  // `robot-agent help run`, as git and npm have it (commander adds it on its own only to a program without an action).
  program.helpCommand(true);
  pointErrorsToHelp(program);
  return program;
}

/** Commander's "error: ..." lines become our one-line format, pointing to the help of the command that met them. */
function pointErrorsToHelp(command: Command, path = command.name()): void {
  command.configureOutput({ outputError: (s, write) => write(`robot-agent: ${s.replace(/^error: /, '').trimEnd()} (see ${path} --help)\n`) });
  for (const sub of command.commands) pointErrorsToHelp(sub, `${path} ${sub.name()}`);
}

const RECORD_DIR_HELP = "directory for recordings (default: the config file's recordDir, else $XDG_STATE_HOME/robot-agent/recordings or ~/.local/state/robot-agent/recordings)";

const MCP_TIMEOUT_HELP = "time each external MCP server gets to start and initialize, in ms (default: the config file's mcpTimeout, else 20000)";

/** The options that set up a mission's world and model, shared by `run` and `tui`. */
function missionOptions(command: Command): Command {
  return command
    .option('-s, --scenario <name|path>', 'scenario name or file', 'warehouse')
    .option('--seed <n>', 'random seed', parseInteger, 1)
    .addOption(new Option('--provider <name>', 'planner (offline) or anthropic (Claude); default: anthropic when ANTHROPIC_API_KEY is set').choices(['planner', 'anthropic']))
    .option('--model <id>', 'Claude model id (with --provider anthropic)')
    .option('--max-steps <n>', 'tool-call budget per mission (a search of the whole warehouse takes about 35)', parsePositiveInteger, 100)
    .option('--max-tokens <n>', 'token budget for the whole mission (anthropic)', parsePositiveInteger)
    .option('--realtime', 'pace the simulator to the wall clock')
    .option('-c, --config <path>', 'config file with mcpServers (default ./robot-agent.json, then ~/.config/robot-agent/config.json)')
    .option('--mcp-timeout <ms>', `${MCP_TIMEOUT_HELP}; they connect in the background, the mission does not wait`, parsePositiveInteger)
    .option('--detector-model <path>', 'ONNX detector model (default models/detector.onnx)')
    .option('--detector-labels <path>', 'labels file for a YOLO-layout --detector-model')
    .addOption(new Option('--robot <kind>', 'the robot: the embedded simulator, or a ROS robot described by --robot-profile').choices(['sim', 'ros']).default('sim'))
    .option('--robot-profile <file>', 'with --robot ros: the robot profile (YAML) mapping the robot onto ROS topics, services and actions')
    .option('--ros-config <file>', 'ROS topics, services and actions (YAML, see examples/ros/primitives.yaml) offered as tools next to the robot\'s')
    .option('--master <url>', 'with --robot ros: ROS master URI (default: the profile\'s, then ROS_MASTER_URI)');
}

/** Re-exported so the entry point can recognise commander's own exits. */
export { CommanderError, Option };
