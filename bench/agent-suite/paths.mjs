// Where the suite's files are, found from this module so the bench runs from any directory.
import { fileURLToPath } from 'node:url';

export const SUITE_DIR = fileURLToPath(new URL('.', import.meta.url));
export const SCENARIO_DIR = fileURLToPath(new URL('./scenarios/', import.meta.url));
export const INSTRUCTIONS_FILE = fileURLToPath(new URL('./instructions.yaml', import.meta.url));
