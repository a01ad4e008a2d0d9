import type { AnyToolDeclaration } from '../../tool-declaration.js';
import { calculatorTool } from './calculator.js';
import type { UtilityContext } from './context.js';
import { getTimeTool } from './get-time.js';
import { rollDiceTool } from './roll-dice.js';

export type { UtilityContext } from './context.js';
export { calculatorTool, getTimeTool, rollDiceTool };

/** The built-in utility tools (category `utility`). */
export const utilityTools: readonly AnyToolDeclaration<UtilityContext>[] = [calculatorTool, getTimeTool, rollDiceTool];
