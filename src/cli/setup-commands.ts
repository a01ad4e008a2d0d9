import { Argument, Option, type Command } from 'commander';
import type { CliIo } from './io.js';
import { parsePositiveInteger } from './parse.js';

/**
 * The set-up helpers' grammar — init, doctor, mcp add / remove, completion — kept beside
 * program.ts so the main grammar stays readable. Each command's work is imported when it runs.
 */
export type Runner = <A extends unknown[]>(fn: (...args: A) => Promise<number | void>) => (...args: A) => Promise<void>;

const CONFIG_HELP = 'config file (default ./robot-agent.json, then ~/.config/robot-agent/config.json)';
const EDITED_CONFIG_HELP = 'config file to edit (default: as --scope says, else the one robot-agent reads here, else the user\'s)';
/** Built per command: commander options belong to one command. */
const scopeOption = () =>
  new Option('--scope <scope>', 'project: ./robot-agent.json; user: ~/.config/robot-agent/config.json (default: the one robot-agent reads here, else user)').choices(['project', 'user']);

/** Repeatable options collect their values in order. */
const collect = (value: string, all?: string[]) => [...(all ?? []), value];

export function addSetupCommands(program: Command, mcp: Command, io: CliIo, run: Runner): void {
  program
    .command('init')
    .description('write a starter robot-agent.json: every setting explained in comments, example servers commented out')
    .option('--path <file|dir>', 'where to write it (default: ./robot-agent.json)')
    .option('-f, --force', 'replace a file that is already there')
    .action(run(async (opts) => (await import('./commands/init.js')).runInit(io, opts)));

  program
    .command('doctor')
    .description('check the set-up: Node.js, onnxruntime, the detector models, the API key, each MCP server, the recordings folder')
    .option('-c, --config <path>', CONFIG_HELP)
    .option('--record-dir <dir>', 'the recordings folder to check (default: as run would choose it)')
    .option('--mcp-timeout <ms>', 'how long each MCP server gets to start and list its tools (default: the config\'s mcpTimeout, else 20000)', parsePositiveInteger)
    .option('--detector-model <path>', 'ONNX detector model to check (default models/detector.onnx)')
    .option('--detector-labels <path>', 'labels file for a YOLO-layout --detector-model')
    .option('--json', 'print one JSON object')
    .action(run(async (opts) => (await import('./commands/doctor.js')).runDoctor(io, opts)));

  mcp
    .command('add')
    .description('add an MCP server to the config file: a stdio server\'s command after --, or --url for Streamable HTTP')
    .usage('[options] <name> -- <command> [args...]  |  <name> --url <url> [--header K=V ...]')
    .argument('<name>', 'the server\'s name; its tools are offered as <name>__<tool>')
    .argument('[command...]', 'after --: the command that starts a stdio server, and its arguments')
    .option('--url <url>', 'a Streamable HTTP server\'s URL (http:// or https://)')
    .option('-H, --header <key=value>', 'with --url: an HTTP header, repeatable; a value "env:NAME" is read from the environment', collect)
    .option('-e, --env <key=value>', 'for a stdio server: an environment variable, repeatable; "env:NAME" is read from robot-agent\'s environment', collect)
    .addOption(scopeOption())
    .option('-c, --config <path>', EDITED_CONFIG_HELP)
    .option('-f, --force', 'replace a server of the same name')
    .action(run(async (name: string, command: string[], opts) => (await import('./commands/mcp-edit.js')).runMcpAdd(io, name, command, opts)));

  mcp
    .command('remove')
    .description('remove an MCP server from the config file, leaving the rest of it as it was')
    .argument('<name>', 'the server\'s name')
    .addOption(scopeOption())
    .option('-c, --config <path>', EDITED_CONFIG_HELP)
    .action(run(async (name: string, opts) => (await import('./commands/mcp-edit.js')).runMcpRemove(io, name, opts)));

  program
    .command('completion')
    .description('print the shell completion script for bash, zsh or fish (README: "Shell completion" says how to install it)')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
    .action(run(async (shell: 'bash' | 'zsh' | 'fish') => (await import('./commands/completion.js')).runCompletion(io, shell, program)));
}
