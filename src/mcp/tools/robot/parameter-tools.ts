import { z } from 'zod';
import { describeAllowed, type ParameterDefinition } from '../../../robot/parameters.js';
import { defineTool, isToolFailure, toolFailure, MAX_NAME_LENGTH } from '../../tool-declaration.js';
import { scalarValue } from '../../portable-schemas.js';
import type { RobotToolContext } from './context.js';
import { attempt } from './views.js';

const define = defineTool<RobotToolContext>();
const value = scalarValue;
const valueArg = z.union([z.number(), z.string().max(MAX_NAME_LENGTH), z.boolean()]);

export const parameterSchema = z.object({
  name: z.string(),
  value,
  type: z.enum(['number', 'enum']),
  unit: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  values: z.array(z.string()).optional(),
  default: value,
  description: z.string(),
});

export function parameterView(def: ParameterDefinition, current: number | string | boolean): z.infer<typeof parameterSchema> {
  return def.type === 'number'
    ? { name: def.name, value: current, type: 'number', unit: def.unit, min: def.min, max: def.max, default: def.default, description: def.description }
    : { name: def.name, value: current, type: 'enum', values: [...def.values], default: def.default, description: def.description };
}

export const listParameters = define({
  name: 'list_parameters',
  title: 'List parameters',
  description: 'Every robot parameter with its value, type, unit, allowed range and description.',
  input: {},
  output: z.object({ parameters: z.array(parameterSchema) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  category: 'parameters',
  needsConfirmation: false,
  timeoutSeconds: 5,
  async handler({ robot }) {
    const params = robot.parameters.definitions.map((d) => parameterView(d, robot.parameters.get(d.name)));
    return { output: { parameters: params }, summary: params.map((p) => `${p.name}=${p.value}`).join(', ') };
  },
});

export const getParameter = define({
  name: 'get_parameter',
  title: 'Get a parameter',
  description: 'One robot parameter with its value and metadata.',
  input: { name: z.string().max(MAX_NAME_LENGTH) },
  output: parameterSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  category: 'parameters',
  needsConfirmation: false,
  timeoutSeconds: 5,
  async handler({ robot }, { name }) {
    const def = attempt(() => robot.parameterDefinition(name));
    if (isToolFailure(def)) return def;
    return { output: parameterView(def, robot.parameters.get(name)), summary: `${name} = ${robot.parameters.get(name)}` };
  },
});

export const setParameter = define({
  name: 'set_parameter',
  title: 'Set a parameter',
  description: 'Change a robot parameter; the value is checked against its type and range (list_parameters shows them).',
  input: { name: z.string().max(MAX_NAME_LENGTH), value: valueArg.describe('number, or text for enum parameters') },
  output: parameterSchema.extend({ previous: value }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  category: 'parameters',
  needsConfirmation: false,
  timeoutSeconds: 5,
  async handler({ robot }, { name, value: v }) {
    const change = attempt(() => robot.setParameter(name, v));
    if (isToolFailure(change)) {
      const def = robot.parameters.definitions.find((d) => d.name === name);
      return def ? toolFailure(change.error.code, `${change.error.message} (allowed: ${describeAllowed(def)})`) : change;
    }
    const def = robot.parameters.definition(name);
    return { output: { ...parameterView(def, change.value), previous: change.previous }, summary: `${name}: ${change.previous} -> ${change.value}` };
  },
});

export const parameterTools = [listParameters, getParameter, setParameter];
