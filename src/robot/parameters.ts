/**
 * Robot parameters: typed, with units and ranges, validated on every set. Anything a person or a
 * model may tune lives here, so one list feeds tools, resources and prompts alike.
 */
export type ParameterValue = number | string | boolean;

interface ParameterBase {
  name: string;
  description: string;
}
export interface NumberParameter extends ParameterBase {
  type: 'number';
  unit: string;
  min: number;
  max: number;
  default: number;
}
export interface EnumParameter extends ParameterBase {
  type: 'enum';
  values: readonly string[];
  default: string;
}
export type ParameterDefinition = NumberParameter | EnumParameter;

export const CONFLICT_POLICIES = ['error', 'cancel', 'queue'] as const;
export type ConflictPolicy = (typeof CONFLICT_POLICIES)[number];

export const PARAMETER_DEFINITIONS: readonly ParameterDefinition[] = [
  { name: 'max_linear_speed', type: 'number', unit: 'm/s', min: 0.05, max: 1.0, default: 0.6, description: 'Top driving speed.' },
  { name: 'max_angular_speed', type: 'number', unit: 'rad/s', min: 0.1, max: 2.5, default: 1.8, description: 'Top turning speed.' },
  { name: 'arrival_tolerance', type: 'number', unit: 'm', min: 0.01, max: 0.3, default: 0.05, description: 'How close to a navigation goal counts as arrived.' },
  { name: 'detection_confidence', type: 'number', unit: '', min: 0.05, max: 0.99, default: 0.35, description: 'Minimum detector confidence for an object to be reported.' },
  { name: 'battery_reserve', type: 'number', unit: 'fraction', min: 0, max: 0.5, default: 0.15, description: 'Charge that must remain after a trip; longer trips are refused except to the dock.' },
  { name: 'charge_target', type: 'number', unit: 'fraction', min: 0.3, max: 1, default: 0.95, description: 'Charge level at which charging stops.' },
  { name: 'approach_standoff', type: 'number', unit: 'm', min: 0.3, max: 1.0, default: 0.4, description: 'Distance from an object centre at which approach_object stops (0.4 puts it in gripper reach).' },
  { name: 'conflict_policy', type: 'enum', values: CONFLICT_POLICIES, default: 'error', description: 'What a motion request does while another runs: error (refuse), cancel (preempt) or queue.' },
];

export class ParameterError extends Error {
  override name = 'ParameterError';
}

export function describeAllowed(def: ParameterDefinition): string {
  return def.type === 'number'
    ? `a number from ${def.min} to ${def.max}${def.unit ? ` ${def.unit}` : ''}`
    : `one of ${def.values.join(', ')}`;
}

export class ParameterStore {
  private readonly values = new Map<string, ParameterValue>();

  constructor(readonly definitions: readonly ParameterDefinition[] = PARAMETER_DEFINITIONS) {
    for (const d of definitions) this.values.set(d.name, d.default);
  }

  definition(name: string): ParameterDefinition {
    const def = this.definitions.find((d) => d.name === name);
    if (!def) throw new ParameterError(`unknown parameter "${name}"; known parameters: ${this.definitions.map((d) => d.name).join(', ')}`);
    return def;
  }

  get(name: string): ParameterValue {
    this.definition(name);
    return this.values.get(name)!;
  }

  number(name: string): number {
    return this.get(name) as number;
  }

  /** Validates and stores; returns the previous value. */
  set(name: string, value: unknown): { previous: ParameterValue; value: ParameterValue } {
    const def = this.definition(name);
    const parsed = validate(def, value);
    const previous = this.values.get(name)!;
    this.values.set(name, parsed);
    return { previous, value: parsed };
  }

  snapshot(): Record<string, ParameterValue> {
    return Object.fromEntries(this.definitions.map((d) => [d.name, this.values.get(d.name)!]));
  }
}

function validate(def: ParameterDefinition, value: unknown): ParameterValue {
  const allowed = describeAllowed(def);
  if (def.type === 'number') {
    // Strings like "0.3" are accepted: people and models type numbers as text.
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n)) {
      throw new ParameterError(`${def.name} must be ${allowed}; got ${JSON.stringify(value)}`);
    }
    if (n < def.min || n > def.max) throw new ParameterError(`${def.name} must be ${allowed}; got ${n}`);
    return n;
  }
  if (typeof value !== 'string' || !def.values.includes(value)) {
    throw new ParameterError(`${def.name} must be ${allowed}; got ${JSON.stringify(value)}`);
  }
  return value;
}
