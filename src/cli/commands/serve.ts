import { existsSync } from 'node:fs';
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import { createRobotMcpServer, type RobotMcpServer } from '../../mcp/robot-server.js';
import { AuditLog } from '../../mcp/audit-log.js';
import { serveStdio } from '../../mcp/transports/stdio.js';
import { loadLabelsFile } from '../../vision/labels-file.js';
import { defaultModelPath } from '../../vision/model-paths.js';
import { DetectorError } from '../../vision/detector-error.js';
import { missingModelMessage } from '../../vision/onnx-session.js';
import { loadScenario } from '../../sim/scenario.js';
import { EXIT_FAILURE, EXIT_USAGE, UserError, writeLine, type CliIo } from '../io.js';
import { PROGRAM_VERSION } from '../version.js';
import type { OpenedRosPrimitives } from '../../ros/primitives/open-primitives.js';
import type { Robot } from '../../robot/robot.js';
import type { RobotAssembly } from '../../runtime/robot-assembly.js';
import { openServedRobot, type ServedRobot } from './served-robot.js';

/**
 * `robot-agent serve`: the robot MCP server over stdio (one client: the process that spawned
 * us) or Streamable HTTP (any number of sessions, all driving ONE simulated robot). The
 * simulator follows the wall clock unless --no-realtime; the wall clock for get_time is
 * Date.now, the injection point for a live server.
 */
export interface ServeOptions {
  stdio?: boolean;
  http?: boolean;
  scenario: string;
  seed: number;
  /** Default true: pace the simulator to the wall clock. */
  realtime?: boolean;
  host: string;
  port: number;
  tokenEnv?: string;
  tokenFile?: string;
  allowedHost?: string[];
  allowedOrigin?: string[];
  /** HTTP: seconds a session may stay idle (nothing running, no stream open) before it ends. */
  sessionIdle?: number;
  detectorModel?: string;
  detectorLabels?: string;
  /** Append every actuation and safety event, with its session and client, to this file. */
  auditLog?: string;
  /** Let clients that cannot ask a person (no MCP elicitation) release the e-stop unconfirmed. */
  allowUnconfirmedEstopReset?: boolean;
  verbose?: boolean;
  /** ROS topics, services and actions (YAML) offered as tools next to the robot's. */
  rosConfig?: string;
  /** `--robot ros --robot-profile FILE [--master URL]`: serve a ROS robot instead of the simulator. */
  robot?: 'sim' | 'ros';
  robotProfile?: string;
  master?: string;
}

export interface ServeHandle {
  /** The MCP endpoint (HTTP only). */
  url?: string;
  /** Resolves when serving ended by itself (stdio: the client closed stdin). */
  ended: Promise<void>;
  /** Stops the robot and closes every session (idempotent). */
  close(): Promise<void>;
}

/** Serves until SIGINT/SIGTERM (or, over stdio, until the client goes away); exit 0. */
export async function runServe(io: CliIo, opts: ServeOptions): Promise<number> {
  const handle = await startServe(io, opts);
  let onSignal!: (signal: NodeJS.Signals) => void;
  const signalled = new Promise<NodeJS.Signals>((resolve) => (onSignal = resolve));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const signal = await Promise.race([signalled, handle.ended.then(() => undefined)]);
    if (signal) writeLine(io.stderr, `robot-agent: ${signal}: shutting down`);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await handle.close();
  }
  return 0;
}

/** Validates options, builds the robot and starts the transport. Every user mistake is a
 *  one-line error (see user-errors.ts), raised before anything listens; what was opened before
 *  a later failure (a ROS connection keeps the process alive) is closed again. */
export async function startServe(io: CliIo, opts: ServeOptions): Promise<ServeHandle> {
  if (Boolean(opts.stdio) === Boolean(opts.http)) {
    throw new UserError('serve needs exactly one of --stdio or --http (see robot-agent serve --help)', EXIT_USAGE);
  }
  const verbose = opts.verbose === true;
  const log = (line: string) => writeLine(io.stderr, `robot-agent: ${line}`);
  // Tools still waiting when the server stops fail as the simulator halts: not worth a line each.
  const stopping = { now: false };
  const toolLog = (line: string) => {
    if (!stopping.now) log(line);
  };
  const scenario = loadScenario(opts.scenario);
  const detector = detectorOptions(opts);
  const realtime = opts.realtime !== false;
  const http = opts.http ? await httpSettings(io, opts) : undefined;
  if (opts.stdio) stdioOnlyFlags(opts);

  // rosnodejs loads only with --ros-config; an unreachable master or a bad type is one line here.
  const ros = opts.rosConfig === undefined ? undefined : await (await import('../../ros/primitives/open-primitives.js')).openRosPrimitivesFile(opts.rosConfig, { env: io.env, ...(verbose ? { log } : {}) });
  let served: ServedRobot | undefined;
  let safety: SessionSafety | undefined;
  const release = async () => {
    await ros?.close();
    safety?.audit?.close();
    await served?.close();
  };
  try {
    served = await openServedRobot(io, { ...opts, scenario, realtime, detector });
    safety = sessionSafety(served.assembly.robot, opts, log);
    const [robot, shared] = [served, safety];
    const server = () => robotServer(robot.assembly, toolLog, shared, ros);
    const close = (transport: { close(): Promise<void> }) => once(() => shutDown(robot, stopping, () => transport.close(), shared, ros));
    if (!http) {
      const stdio = await serveStdio(server(), { stdin: (io.stdin ?? process.stdin) as Readable, stdout: io.stdout as Writable, log });
      robot.start();
      warnIfNoModel(opts, log);
      writeLine(io.stderr, `robot-agent MCP server on stdio (${robot.description})`);
      return { ended: stdio.closed, close: close(stdio) };
    }
    const listening = await listen(http, server, verbose, log);
    robot.start();
    warnIfNoModel(opts, log);
    writeLine(io.stderr, `robot-agent MCP server on ${listening.url} (${robot.description}, ${http.token === undefined ? 'no token' : 'token required'})`);
    return { url: listening.url, ended: new Promise<void>(() => {}), close: close(listening) };
  } catch (error) {
    await release();
    throw error;
  }
}

function stdioOnlyFlags(opts: ServeOptions): void {
  for (const [flag, given] of [
    ['--token-env/--token-file', opts.tokenEnv ?? opts.tokenFile],
    ['--allowed-host', opts.allowedHost?.length ? 'yes' : undefined],
    ['--allowed-origin', opts.allowedOrigin?.length ? 'yes' : undefined],
    ['--session-idle', opts.sessionIdle !== undefined ? 'yes' : undefined],
  ] as const) {
    if (given !== undefined) throw new UserError(`${flag} applies to --http only`, EXIT_USAGE);
  }
}

/** --http's flags checked (the token resolved, the allow lists parsed) before anything opens. */
async function httpSettings(io: CliIo, opts: ServeOptions) {
  const host = opts.host;
  if (opts.sessionIdle !== undefined && !(Number.isInteger(opts.sessionIdle) && opts.sessionIdle >= 1)) {
    throw new UserError(`--session-idle ${opts.sessionIdle} is not a number of seconds (1 or more)`, EXIT_USAGE);
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) {
    throw new UserError(`--port ${opts.port} is not a port number (0-65535; 0 picks a free port)`, EXIT_USAGE);
  }
  // HTTP's modules load only when serving HTTP: a stdio server's start-up is what hosts wait for.
  const [{ HostAllowList, OriginAllowList, isLoopbackHost }, { serveHttp }, { resolveToken }] = await Promise.all([
    import('../../mcp/transports/http-guards.js'),
    import('../../mcp/transports/http.js'),
    import('../../mcp/transports/token.js'),
  ]);
  const token = resolveToken({ tokenEnv: opts.tokenEnv, tokenFile: opts.tokenFile, env: io.env });
  if (!isLoopbackHost(host) && token === undefined) {
    throw new UserError(
      `refusing to serve on ${host} without a token: anyone who can reach it could drive the robot; bind 127.0.0.1 or set --token-env NAME / --token-file PATH`,
      EXIT_USAGE,
    );
  }
  try {
    // Checked here (the port does not matter) so a bad entry fails before anything listens.
    new HostAllowList(host, opts.port, opts.allowedHost);
    new OriginAllowList(opts.port, opts.allowedOrigin);
  } catch (error) {
    throw new UserError((error as Error).message, EXIT_USAGE);
  }
  return { serveHttp, host, port: opts.port, token, allowedHosts: opts.allowedHost, allowedOrigins: opts.allowedOrigin, sessionIdle: opts.sessionIdle };
}

/** Listens with the checked settings; a port taken or an address not ours is one line. */
async function listen(http: Awaited<ReturnType<typeof httpSettings>>, server: () => RobotMcpServer, verbose: boolean, log: (line: string) => void) {
  const { serveHttp, host, port, sessionIdle, ...guards } = http;
  try {
    return await serveHttp(server, {
      host,
      port,
      ...guards,
      ...(sessionIdle !== undefined ? { sessionIdleMs: sessionIdle * 1000 } : {}),
      // Refusals and internal errors always; session comings and goings with --verbose.
      log: (line) => {
        if (verbose || !/^http: (session |serving )/.test(line)) log(line);
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UserError(`port ${port} on ${host} is already in use; pick another with --port (0 picks a free one)`, EXIT_FAILURE);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      throw new UserError(`cannot bind ${host}: not an address of this machine (${code}); use --host 127.0.0.1`, EXIT_USAGE);
    }
    if (code === 'EACCES') throw new UserError(`no permission to listen on ${host}:${port}; use a port above 1023`, EXIT_FAILURE);
    throw error;
  }
}

/** What every session of this server shares: its clients are in other processes (the deadman,
 *  a confirmed e-stop release) and one audit log. */
interface SessionSafety {
  remote: { allowUnconfirmedReset: boolean };
  audit?: AuditLog;
}

function sessionSafety(robot: Robot, opts: ServeOptions, log: (line: string) => void): SessionSafety {
  const remote = { allowUnconfirmedReset: opts.allowUnconfirmedEstopReset === true };
  const path = opts.auditLog;
  if (path === undefined) return { remote };
  try {
    return { remote, audit: AuditLog.toFile(path, robot, Date.now, (error) => log(`warning: writing the audit log ${path} failed (${error.message}); entries are being lost`)) };
  } catch (error) {
    throw new UserError(`cannot write the audit log ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; give a file in a writable folder`, EXIT_USAGE);
  }
}

function robotServer(assembly: RobotAssembly, log: (line: string) => void, safety: SessionSafety, ros?: OpenedRosPrimitives): RobotMcpServer {
  return createRobotMcpServer({
    ...(ros ? { extensions: [ros.primitives] } : {}),
    robot: assembly.robot,
    wallClock: Date.now,
    rng: assembly.toolRng,
    version: PROGRAM_VERSION,
    ...safety,
    onInternalError: (tool, error) => log(`internal error in tool ${tool}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });
}

/** The robot stops first (operations cancelled, motion halted), then the sessions close (their
 *  ends go to the audit log, then it closes), then the simulator's pacing loop (or the ROS robot's
 *  connection) and the ONNX session go, so nothing keeps the process alive. */
async function shutDown(served: ServedRobot, stopping: { now: boolean }, closeTransport: () => Promise<void>, safety: SessionSafety, ros?: OpenedRosPrimitives): Promise<void> {
  stopping.now = true;
  const cancelled = served.assembly.robot.stop('the server is shutting down');
  await ros?.close(); // cancels the ROS goals still running, then leaves the graph
  safety.audit?.record({ session: null, client: null }, { event: 'server_stop', cancelled_operations: cancelled });
  await closeTransport().catch(() => undefined);
  safety.audit?.close();
  await served.close();
}

function detectorOptions(opts: ServeOptions) {
  if (opts.detectorLabels !== undefined && opts.detectorModel === undefined) {
    throw new UserError('--detector-labels goes with --detector-model (a YOLO export and its labels file)', EXIT_USAGE);
  }
  // The detector loads at the first detection; a bad path fails now, as it would for `run`.
  if (opts.detectorModel !== undefined && !existsSync(opts.detectorModel)) throw new DetectorError(missingModelMessage(opts.detectorModel));
  if (opts.detectorLabels !== undefined) loadLabelsFile(opts.detectorLabels);
  return { modelPath: opts.detectorModel, labelsPath: opts.detectorLabels };
}

/** Serving without the default model is allowed (everything but detection works): say so. */
function warnIfNoModel(opts: ServeOptions, log: (line: string) => void): void {
  const model = defaultModelPath();
  if (opts.detectorModel === undefined && !existsSync(model)) {
    log(`warning: no detector model at ${model}; detect_objects and scan_surroundings will fail until it exists`);
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}
