import type { Command } from 'commander';
import { builtInScenarioNames } from '../../sim/scenario-dir.js';
import { bashScript } from '../completion/bash.js';
import { fishScript } from '../completion/fish.js';
import { commandSpec } from '../completion/spec.js';
import { zshScript } from '../completion/zsh.js';
import type { CliIo } from '../io.js';

const WRITERS = { bash: bashScript, zsh: zshScript, fish: fishScript };

/**
 * `robot-agent completion bash|zsh|fish`: prints the completion script for that shell, generated
 * from this program's own definition, so it lists exactly the commands and options this version
 * has. Scenario names are the built-in scenarios; recordings and other paths complete as files.
 */
export async function runCompletion(io: CliIo, shell: keyof typeof WRITERS, program: Command): Promise<void> {
  const spec = commandSpec(program, { scenarios: builtInScenarioNames() });
  io.stdout.write(WRITERS[shell](spec));
}
