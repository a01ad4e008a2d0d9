import { allCommands, type CommandSpec, type ValueSpec } from './spec.js';

/** Helpers the three script writers share: quoting, and one compact form of a value spec. */

/** A POSIX-shell single-quoted word (bash, zsh). */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A value spec as the scripts read it: the words, then `@files` or `@dirs` when paths complete too. */
export function valueWords(value: ValueSpec): string {
  return [...value.words, ...(value.paths === 'none' ? [] : [`@${value.paths}`])].join(' ');
}

/** The key a script's `case` matches a command by: its words joined by spaces ('' for the program). */
export function pathKey(command: CommandSpec): string {
  return command.path.join(' ');
}

/** `case` arms of a function over every command: `key) body ;;`, skipping commands with an empty body. */
export function caseArms(spec: CommandSpec, body: (command: CommandSpec) => string | undefined, indent = '    '): string {
  return allCommands(spec)
    .map((command) => ({ key: pathKey(command), text: body(command) }))
    .filter((arm): arm is { key: string; text: string } => arm.text !== undefined)
    .map((arm) => `${indent}${shQuote(arm.key)}) ${arm.text} ;;`)
    .join('\n');
}

/** `case` arms keyed `command|flag` for every option that takes a value, saying how it completes. */
export function valueArms(spec: CommandSpec, assign: (words: string) => string, indent = '    '): string {
  return allCommands(spec)
    .flatMap((command) =>
      command.options
        .filter((o) => o.value)
        .map((o) => `${indent}${o.flags.map((f) => shQuote(`${pathKey(command)}|${f}`)).join('|')}) ${assign(valueWords(o.value!))} ;;`),
    )
    .join('\n');
}

/** The first line of a description, for a completion menu. */
export function summary(description: string): string {
  return description.split('\n')[0].trim();
}

/**
 * The step of the bash and zsh walks over the words typed so far (both shells read it alike) for a
 * word that is an option: `--option=value` is one word; an option that takes a value skips it.
 * It stands in their `for (( i ...))` loop, with the word in $word and the command so far in $cmdpath.
 */
export const SKIP_OPTION_WORD = `    if [[ $word == -* ]]; then
      [[ $word == *=* ]] && continue
      _robot_agent_value "$cmdpath" "$word"
      [[ $REPLY != - ]] && (( i++ ))
      continue
    fi`;

/**
 * The two shell functions bash and zsh scripts share word for word (both shells run the same
 * `case` syntax): how an option's value completes, and how a command's operands complete.
 */
export function valueAndOperandFunctions(spec: CommandSpec): string {
  return `# How the value of option $2 of command $1 completes: words, @files, @dirs; '-' when it takes none.
_robot_agent_value() {
  case "$1|$2" in
${valueArms(spec, (w) => `REPLY=${shQuote(w)}`)}
    *) REPLY='-' ;;
  esac
}

# How a command's operands complete.
_robot_agent_operands() {
  case "$1" in
${caseArms(spec, (c) => (valueWords(c.operands) ? `REPLY=${shQuote(valueWords(c.operands))}` : undefined))}
    *) REPLY='' ;;
  esac
}`;
}
