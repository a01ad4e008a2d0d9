/**
 * The parts of rosnodejs (CommonJS, its bundled typings point at files it does not ship) that
 * the transport uses, typed here so the rest of the code is checked.
 */
import { EventEmitter } from 'node:events';

export interface RnField {
  name: string;
  type: string;
  baseType: string;
  isArray: boolean;
  arrayLen: number | null;
  isBuiltin: boolean;
}

export interface RnMessageClass {
  fields: RnField[];
  Constants: Record<string, unknown>;
  datatype(): string;
}

export interface RnServiceClass {
  Request: RnMessageClass;
  Response: RnMessageClass;
}

export interface RnPackage {
  msg: Record<string, RnMessageClass | undefined>;
  srv: Record<string, RnServiceClass | undefined>;
}

export interface RnPublisher {
  publish(message: unknown): void;
  getNumSubscribers(): number;
  shutdown(): Promise<void>;
}

export interface RnSubscriber {
  shutdown(): Promise<void>;
}

export interface RnServiceClient {
  call(request: unknown): Promise<Record<string, unknown>>;
  shutdown(): void;
}

export interface RnServiceServer {
  shutdown(): Promise<void>;
}

export interface RnNodeHandle {
  advertise(topic: string, type: string, options?: { latching?: boolean; queueSize?: number; throttleMs?: number }): RnPublisher;
  subscribe(topic: string, type: string, callback: (message: Record<string, unknown>) => void, options?: { queueSize?: number; throttleMs?: number }): RnSubscriber;
  serviceClient(service: string, type: string, options?: { persist?: boolean }): RnServiceClient;
  advertiseService(service: string, type: string, callback: (request: Record<string, unknown>, response: Record<string, unknown>) => boolean | Promise<boolean>): RnServiceServer;
  waitForService(service: string, timeoutMs?: number): Promise<boolean>;
}

export interface RnGoalStatus {
  status: number;
  text: string;
}

export interface RnClientGoalHandle extends EventEmitter {
  cancel(): void;
  getCommState(): number;
  getGoalStatus(): RnGoalStatus | undefined;
  getTerminalState(): number | undefined;
  getResult(): Record<string, unknown> | undefined;
}

export interface RnActionClient {
  sendGoal(goal: unknown, transitionCb?: () => void, feedbackCb?: (feedback: Record<string, unknown>) => void): RnClientGoalHandle;
  isServerConnected(): boolean;
  shutdown(): Promise<void>;
}

export interface RnServerGoalHandle {
  getGoal(): Record<string, unknown>;
  setAccepted(text?: string): void;
  publishFeedback(feedback: unknown): void;
  setSucceeded(result?: unknown, text?: string): void;
  setAborted(result?: unknown, text?: string): void;
  setCanceled(result?: unknown, text?: string): void;
}

export interface RnActionServer extends EventEmitter {
  start(): void;
  shutdown(): Promise<void>;
}

export interface RnLogRecord {
  msg?: string;
  level?: number;
}

export interface Rosnodejs {
  initNode(name: string, options: Record<string, unknown>): Promise<RnNodeHandle>;
  shutdown(): Promise<void>;
  reset(): void;
  require(pkg: string): RnPackage;
  log: {
    clearStreams(): void;
    addStream(stream: { type: 'raw'; name: string; level: string; stream: { write(record: RnLogRecord): void } }): void;
    setLevel(level: string): void;
  };
  ActionClient: new (options: { nh: RnNodeHandle; type: string; actionServer: string } & Partial<Record<'goal' | 'cancel' | 'status' | 'feedback' | 'result', { throttleMs?: number; queueSize?: number }>>) => RnActionClient;
  ActionServer: new (options: { nh: RnNodeHandle; type: string; actionServer: string }) => RnActionServer;
}

/** Loads rosnodejs lazily (it is heavy and most commands never touch ROS). */
export async function loadRosnodejs(): Promise<Rosnodejs> {
  const mod = (await import('rosnodejs')) as unknown as { default?: Rosnodejs } & Rosnodejs;
  return mod.default ?? mod;
}
