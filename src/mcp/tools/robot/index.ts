import type { AnyToolDeclaration } from '../../tool-declaration.js';
import type { RobotToolContext } from './context.js';
import { statusTools } from './status-tools.js';
import { motionTools } from './motion-tools.js';
import { operationTools } from './operation-tools.js';
import { perceptionTools } from './perception-tools.js';
import { manipulationTools } from './manipulation-tools.js';
import { parameterTools } from './parameter-tools.js';
import { queryEvents } from './event-tools.js';
import { utilityTools } from '../utility/index.js';

export type { RobotToolContext } from './context.js';

/** Every tool the robot MCP server offers, in the order tools/list shows them. */
export const robotTools: readonly AnyToolDeclaration<RobotToolContext>[] = [
  ...statusTools,
  ...motionTools,
  ...operationTools,
  ...perceptionTools,
  ...manipulationTools,
  ...parameterTools,
  queryEvents,
  ...utilityTools,
];
