import { isProviderName, PROVIDERS, type ProviderName } from '../runtime/provider-choice.js';
import { ESTOP_KEY } from './key-bindings.js';

/** The prompt's slash commands, parsed without side effects. */
export type SlashCommand =
  | { kind: 'status' }
  | { kind: 'scenario'; name?: string }
  | { kind: 'replay'; file: string; speed?: number }
  | { kind: 'provider'; provider?: ProviderName; model?: string }
  | { kind: 'mcp' }
  | { kind: 'clear' }
  | { kind: 'help' }
  | { kind: 'quit' }
  | { kind: 'error'; message: string };

/** What a command's first argument is completed from. */
export type ArgumentSource = 'scenario' | 'recording' | 'provider';

/** A command as the menu, the completion and /help show it. */
export interface SlashCommandInfo {
  name: string;
  /** Its arguments, as /help writes them. */
  usage: string;
  summary: string;
  aliases?: string[];
  argument?: ArgumentSource;
  /** Useless without an argument: choosing it in the menu leaves `/name ` to complete. */
  needsArgument?: boolean;
}

export const SLASH_COMMANDS: readonly SlashCommandInfo[] = [
  { name: 'status', usage: '', summary: 'robot, world and session' },
  { name: 'scenario', usage: '[NAME]', summary: 'list scenarios, or start over in a fresh world of NAME', aliases: ['scenarios'], argument: 'scenario' },
  { name: 'replay', usage: 'FILE|last [SPEED]', summary: 'play a recording back here, last the newest (+/- speed, space pause, Esc stop)', argument: 'recording', needsArgument: true },
  { name: 'mcp', usage: '', summary: 'MCP servers: their status and tools' },
  { name: 'provider', usage: '[NAME [MODEL]]', summary: 'show or switch the model provider: planner, or anthropic [MODEL]', argument: 'provider' },
  { name: 'clear', usage: '', summary: 'clear the conversation' },
  { name: 'help', usage: '', summary: 'keys and commands', aliases: ['?'] },
  { name: 'quit', usage: '', summary: 'end the session (the robot is stopped)', aliases: ['exit', 'q'] },
];

export const HELP_LINES = [
  'Type a mission and press Enter, e.g. "go to bin a", "charge", "pick up the red cube", "what is your battery level".',
  'Keys: Enter run · Esc cancel the mission (the robot stops) · Ctrl-C cancel, twice quit · ' + `${ESTOP_KEY} EMERGENCY STOP · ↑/↓ earlier missions · Tab map/camera · PgUp/PgDn scroll · Ctrl-O tool results in full or one line each · Enter during a mission queues the next`,
  'Commands: / opens the list (↑/↓ choose, Tab completes, Enter runs); Tab also completes scenario names and recording paths.',
  ...SLASH_COMMANDS.map((c) => `${`/${c.name} ${c.usage}`.padEnd(22)} ${c.summary}`),
];

/** null when the line is a mission, not a command. */
export function parseSlash(line: string): SlashCommand | null {
  const text = line.trim();
  if (!text.startsWith('/')) return null;
  const [word = '', ...rest] = text.slice(1).split(/\s+/);
  const arg = rest.join(' ');
  switch (word.toLowerCase()) {
    case 'status':
      return { kind: 'status' };
    case 'scenario':
    case 'scenarios':
      return arg ? { kind: 'scenario', name: arg } : { kind: 'scenario' };
    case 'replay': {
      if (!rest.length) return { kind: 'error', message: 'usage: /replay FILE|last [SPEED], e.g. /replay last 4' };
      const last = rest.at(-1)!;
      const speed = rest.length > 1 && /^\d+(\.\d+)?x?$/.test(last) ? parseFloat(last) : undefined;
      const file = (speed !== undefined ? rest.slice(0, -1) : rest).join(' ');
      if (speed !== undefined && !(speed > 0)) return { kind: 'error', message: 'the replay speed must be a positive number, e.g. 2 or 0.5' };
      return speed !== undefined ? { kind: 'replay', file, speed } : { kind: 'replay', file };
    }
    case 'provider': {
      if (!rest.length) return { kind: 'provider' };
      const [provider, model] = rest;
      if (!provider || !isProviderName(provider)) return { kind: 'error', message: `unknown provider "${provider}"; use ${PROVIDERS.map((p) => p.name).join(' or ')}` };
      return model ? { kind: 'provider', provider, model } : { kind: 'provider', provider };
    }
    case 'mcp':
      return { kind: 'mcp' };
    case 'clear':
      return { kind: 'clear' };
    case 'help':
    case '?':
      return { kind: 'help' };
    case 'quit':
    case 'exit':
    case 'q':
      return { kind: 'quit' };
    default:
      return { kind: 'error', message: `unknown command /${word}; /help lists the commands` };
  }
}
