import type { RobotBackend } from './backend.js';
import type { EventLog, RobotEventKind } from './event-log.js';
import type { ParameterStore } from './parameters.js';
import type { StateMachine } from './robot-state.js';

/** Topics a watcher (MCP resource subscriptions, the TUI) can be told have changed. */
export type RobotTopic = 'state' | 'pose' | 'safety' | 'operations' | 'detections' | 'camera' | 'parameters' | 'events';

/** What the parts of the robot core (safety, operations, held object) share. */
export interface RobotContext {
  readonly backend: RobotBackend;
  readonly parameters: ParameterStore;
  readonly machine: StateMachine;
  readonly events: EventLog;
  now(): number;
  log(kind: RobotEventKind, message: string, data?: Record<string, unknown>): void;
  notify(topic: RobotTopic): void;
}
