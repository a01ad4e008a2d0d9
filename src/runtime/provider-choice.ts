import type { ModelProvider } from '../agent/model-provider.js';

/** A provider request that cannot be met (no key, a model for the planner): one line to act on. */
export class ProviderChoiceError extends Error {
  override name = 'ProviderChoiceError';
}

/** The providers a person can choose, with a line each: the table the TUI's /provider and its completion read. */
export const PROVIDERS = [
  { name: 'planner', description: 'the built-in offline planner' },
  { name: 'anthropic', description: 'Claude (needs ANTHROPIC_API_KEY)' },
] as const;

export type ProviderName = (typeof PROVIDERS)[number]['name'];

export function isProviderName(name: string): name is ProviderName {
  return PROVIDERS.some((p) => p.name === name);
}

export interface ProviderRequest {
  provider?: ProviderName;
  model?: string;
}

/** Which model provider missions use. Providers hold one mission's state: `create()` gives a fresh one per mission. */
export interface ProviderChoice {
  name: ProviderName;
  /** For the replay header: set when Claude is reached through ANTHROPIC_BASE_URL rather than the Anthropic API. */
  note?: string;
  create(): Promise<ModelProvider>;
}

/** Claude when ANTHROPIC_API_KEY is set (or asked for), else the offline planner. Checked up front, built lazily. */
export function chooseProvider(env: NodeJS.ProcessEnv, request: ProviderRequest): ProviderChoice {
  const key = env.ANTHROPIC_API_KEY?.trim();
  const which = request.provider ?? (key ? 'anthropic' : 'planner');
  if (which === 'planner') {
    if (request.model && request.model !== 'robot-agent-planner-1') throw new ProviderChoiceError(`--model ${request.model} needs --provider anthropic; the planner has no models to choose from`);
    return {
      name: 'planner',
      create: async () => new (await import('../agent/providers/planner.js')).PlannerProvider(),
    };
  }
  if (!key) throw new ProviderChoiceError('--provider anthropic needs ANTHROPIC_API_KEY to be set; set it, or use --provider planner (works offline)');
  const baseURL = env.ANTHROPIC_BASE_URL;
  return {
    name: 'anthropic',
    ...(baseURL ? { note: `recorded against ${baseURL}, not the Anthropic API` } : {}),
    create: async () => {
      const { AnthropicProvider } = await import('../agent/providers/anthropic.js');
      return new AnthropicProvider({ apiKey: key, ...(request.model ? { model: request.model } : {}), ...(baseURL ? { baseURL } : {}) });
    },
  };
}
