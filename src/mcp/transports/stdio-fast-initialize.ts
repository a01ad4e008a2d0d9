/**
 * Answers a stdio client's `initialize` before the MCP SDK, zod and the robot have loaded.
 *
 * Why: hosts (Claude Desktop and the like) spawn stdio servers often and wait for the `initialize`
 * answer each time; loading the SDK and zod is most of our start-up (several times a bare Node
 * start). This module imports nothing but Node's streams, so `bin/robot-agent.js serve --stdio`
 * can load it first, read the first line, answer a plain `initialize` at once with exactly what the
 * real server would answer, and then hand every byte (that line included) to the real server once
 * it has loaded. The real server's own reply to that one request id is dropped by
 * StdioLineTransport (see `earlyInitializeOf`); `notifications/initialized` and everything after
 * it reach the real server in order (they wait in the relay while it loads). Anything else as the
 * first line (not initialize, malformed, a batch, an unusual request) is not answered here: it goes
 * to the real server, so every other behaviour stays the SDK's.
 *
 * The constants below are the SDK's (types.js LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS)
 * and the robot server's (robot-server.ts); importing either would load what this module exists to
 * avoid. test/mcp/stdio-fast-initialize.test.ts compares this answer with the real server's, byte
 * for byte, for every supported protocol version and for unsupported ones, and fails on drift.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';

export const LATEST_PROTOCOL_VERSION = '2025-11-25';
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [LATEST_PROTOCOL_VERSION, '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

const ROBOT_SERVER_CAPABILITIES = { logging: {}, resources: { subscribe: true, listChanged: false }, tools: { listChanged: false }, prompts: { listChanged: false }, completions: {} };
const ROBOT_SERVER_INSTRUCTIONS = 'A mobile manipulator robot. Read robot://map for the room; arm before moving; find objects with detect_objects or scan_surroundings.';

/** A first line longer than this is no plain initialize: it goes to the real server unread. */
const MAX_FIRST_LINE_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

export type EarlyRequestId = string | number;

/** An initialize answered early: its request id and the line written for it. */
export interface EarlyAnswer {
  id: EarlyRequestId;
  line: string;
}

/** The line the real server writes for `initialize` (the SDK's key order, serializeMessage's newline). */
export function initializeAnswerLine(id: EarlyRequestId, requestedVersion: string, programVersion: string): string {
  // Negotiated as the SDK's Server._oninitialize does: the client's version if supported, else the latest.
  const protocolVersion = SUPPORTED_PROTOCOL_VERSIONS.includes(requestedVersion) ? requestedVersion : LATEST_PROTOCOL_VERSION;
  const result = {
    protocolVersion,
    capabilities: ROBOT_SERVER_CAPABILITIES,
    serverInfo: { name: 'robot-agent', title: 'robot-agent robot', version: programVersion },
    instructions: ROBOT_SERVER_INSTRUCTIONS,
  };
  return `${JSON.stringify({ result, jsonrpc: '2.0', id })}\n`;
}

/** The relay stream → the answer written early for it (the stdio transport drops its duplicate). */
const answeredOn = new WeakMap<Readable, EarlyAnswer>();

/** The initialize this relay's first line carried, if it was answered early. */
export function earlyInitializeOf(stdin: Readable): EarlyAnswer | undefined {
  return answeredOn.get(stdin);
}

/** What the real server reads instead of stdin, and how to stop reading stdin when it is done. */
export interface EarlyInitialize {
  /** Every byte of stdin, the first line included, in order. */
  input: Readable;
  /** Stops reading stdin (once serving has ended or never started) so the process can exit. */
  release(): void;
}

/** Reads `stdin`'s first line; a plain initialize request is answered on `stdout` at once. */
export function answerInitializeEarly(stdin: Readable, stdout: Writable, programVersion: string): EarlyInitialize {
  const relay = new PassThrough();
  const head: Buffer[] = [];
  let size = 0;
  let handedOver = false;
  const release = () => {
    stdin.off('data', onData);
    stdin.off('end', onEnd);
    stdin.unpipe(relay);
    stdin.pause();
  };
  const onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    const newline = bytes.indexOf(NEWLINE);
    head.push(bytes);
    size += bytes.length;
    if (newline === -1 && size <= MAX_FIRST_LINE_BYTES) return;
    if (newline !== -1) {
      const request = plainInitialize(Buffer.concat(head, size).subarray(0, size - bytes.length + newline).toString('utf8'));
      if (request) {
        const answer = { id: request.id, line: initializeAnswerLine(request.id, request.protocolVersion, programVersion) };
        stdout.write(answer.line);
        answeredOn.set(relay, answer);
      }
    }
    stdin.off('data', onData);
    handedOver = true;
    relay.write(Buffer.concat(head, size));
    stdin.pipe(relay, { end: false });
  };
  // Input that ends before its first newline is the real server's to judge. The relay ends a turn
  // after the server has read what it holds, as stdin's own end would come: requests on the last
  // lines are answered before end of input closes the server.
  const onEnd = () => {
    stdin.off('data', onData);
    if (!handedOver && size > 0) relay.write(Buffer.concat(head, size));
    const endSoon = () => setImmediate(() => relay.end());
    if (relay.readableFlowing) endSoon();
    else relay.once('resume', endSoon);
  };
  stdin.on('data', onData);
  stdin.once('end', onEnd);
  stdin.on('error', (error) => relay.destroy(error));
  // The transport pauses its input when it closes so the process can exit: stop reading stdin too.
  relay.on('pause', () => {
    if (relay.listenerCount('data') === 0) release();
  });
  return { input: relay, release };
}

/**
 * The id and requested version of a first line that is an initialize request the SDK certainly
 * accepts and answers with success; undefined for anything else (the real server answers that).
 * Deliberately narrower than the SDK's schema: an unusual request only loses the early answer.
 */
function plainInitialize(line: string): { id: EarlyRequestId; protocolVersion: string } | undefined {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isPlainObject(message) || !hasOnlyKeys(message, ['jsonrpc', 'id', 'method', 'params'])) return undefined;
  const { jsonrpc, id, method, params } = message;
  if (jsonrpc !== '2.0' || method !== 'initialize') return undefined;
  if (!(typeof id === 'string' || Number.isSafeInteger(id))) return undefined;
  if (!isPlainObject(params) || !hasOnlyKeys(params, ['protocolVersion', 'capabilities', 'clientInfo'])) return undefined;
  const { protocolVersion, capabilities, clientInfo } = params;
  if (typeof protocolVersion !== 'string' || !plainCapabilities(capabilities)) return undefined;
  if (!isPlainObject(clientInfo) || !hasOnlyKeys(clientInfo, ['name', 'version', 'title'])) return undefined;
  if (!Object.values(clientInfo).every((v) => typeof v === 'string') || clientInfo.name === undefined || clientInfo.version === undefined) return undefined;
  return { id: id as EarlyRequestId, protocolVersion };
}

/** Client capabilities made of objects only, with booleans only below the first level (as in
 *  roots.listChanged or elicitation.form.applyDefaults), so the SDK's schema accepts them. */
function plainCapabilities(capabilities: unknown): boolean {
  if (!isPlainObject(capabilities)) return false;
  const nested = (value: unknown, depth: number): boolean =>
    isPlainObject(value) ? Object.values(value).every((v) => (typeof v === 'boolean' && depth >= 1) || nested(v, depth + 1)) : false;
  const { roots, ...rest } = capabilities;
  if (roots !== undefined && !(isPlainObject(roots) && hasOnlyKeys(roots, ['listChanged']) && (roots.listChanged === undefined || typeof roots.listChanged === 'boolean'))) return false;
  return Object.values(rest).every((v) => nested(v, 0));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOnlyKeys(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return Object.keys(value).every((k) => keys.includes(k));
}
