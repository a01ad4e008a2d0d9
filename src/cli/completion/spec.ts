import type { Argument, Command, Option } from 'commander';

/**
 * What a shell needs to complete robot-agent's command line, read from the commander program
 * itself (commands, options, their value placeholders and choices), so the scripts follow the
 * program as it changes. Values commander cannot express come from `hints`: the scenario names,
 * and the words an argument's description quotes ("last").
 */
export interface ValueSpec {
  /** Words offered as they are (choices, scenario names, "last"). */
  words: string[];
  /** Also complete file names, or folder names. */
  paths: 'files' | 'dirs' | 'none';
}

export interface OptionSpec {
  /** `-s`, `--scenario`: every spelling of the option. */
  flags: string[];
  description: string;
  /** Undefined for an option that takes no value (a flag). */
  value?: ValueSpec;
}

export interface CommandSpec {
  /** The words that select it: [] for the program, ['mcp', 'add'] for `mcp add`. */
  path: string[];
  description: string;
  subcommands: CommandSpec[];
  options: OptionSpec[];
  /** How its operands complete (an instruction in words completes to nothing). */
  operands: ValueSpec;
}

export interface SpecHints {
  /** Values of every `--scenario` option: the built-in scenario names (a file also works). */
  scenarios: string[];
}

const NO_VALUE: ValueSpec = { words: [], paths: 'none' };

export function commandSpec(program: Command, hints: SpecHints): CommandSpec {
  return describeCommand(program, [], hints, inheritedOptions(program));
}

/** Every command in the tree, the program first. */
export function allCommands(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.subcommands.flatMap(allCommands)];
}

/** The program's own options that also work after a command (--verbose), not --version or --help. */
function inheritedOptions(program: Command): Option[] {
  return program.options.filter((o) => !o.hidden && o.long !== '--version' && o.long !== '--help');
}

function describeCommand(cmd: Command, path: string[], hints: SpecHints, inherited: Option[]): CommandSpec {
  const help = cmd.createHelp();
  const own = help.visibleOptions(cmd);
  const options = [...own, ...(path.length ? inherited.filter((o) => !own.some((x) => x.long === o.long)) : [])];
  const visible = help.visibleCommands(cmd);
  const subcommands = visible.map((sub) => {
    const subPath = [...path, sub.name()];
    // commander's implicit `help [command]` is not in cmd.commands: it completes to its siblings.
    if (!cmd.commands.includes(sub)) return helpCommand(sub, subPath, visible.filter((c) => c !== sub).map((c) => c.name()));
    return describeCommand(sub, subPath, hints, inherited);
  });
  return {
    path,
    description: cmd.description(),
    subcommands,
    options: options.map((o) => describeOption(o, hints)),
    operands: operandsOf(cmd.registeredArguments),
  };
}

function helpCommand(sub: Command, path: string[], siblings: string[]): CommandSpec {
  return { path, description: sub.description(), subcommands: [], options: [], operands: { words: siblings, paths: 'none' } };
}

function describeOption(option: Option, hints: SpecHints): OptionSpec {
  const flags = [option.short, option.long].filter((f): f is string => !!f);
  const takesValue = option.required || option.optional;
  return { flags, description: option.description, ...(takesValue ? { value: optionValue(option, hints) } : {}) };
}

/** Choices, else what the placeholder says: `<dir>` a folder, `<path>` or `<file…>` a file. */
function optionValue(option: Option, hints: SpecHints): ValueSpec {
  if (option.argChoices) return { words: [...option.argChoices], paths: 'none' };
  const placeholder = /[<[]([^>\]]+)[>\]]/.exec(option.flags)?.[1] ?? '';
  if (option.attributeName() === 'scenario') return { words: hints.scenarios, paths: 'files' };
  return { words: [], paths: placeholderPaths(placeholder) };
}

function placeholderPaths(placeholder: string): ValueSpec['paths'] {
  if (/\b(files?|paths?|images?)\b/.test(placeholder)) return 'files';
  if (/\bdir\b/.test(placeholder)) return 'dirs';
  return 'none';
}

/** The first operand that completes decides: choices, words quoted in its description, paths by its name. */
function operandsOf(args: readonly Argument[]): ValueSpec {
  for (const arg of args) {
    if (arg.argChoices) return { words: [...arg.argChoices], paths: 'none' };
    const paths = placeholderPaths(arg.name());
    if (paths !== 'none') return { words: quotedWords(arg.description), paths };
  }
  return NO_VALUE;
}

/** `"last" is the newest recorded mission` → ['last']: a word the argument takes besides a path. */
function quotedWords(description: string): string[] {
  return [...description.matchAll(/"([a-z][\w-]*)"/g)].map((m) => m[1]);
}
