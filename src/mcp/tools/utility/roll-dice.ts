import { z } from 'zod';
import { defineTool, toolFailure } from '../../tool-declaration.js';
import type { UtilityContext } from './context.js';

export const DICE_LIMITS = { maxCount: 100, minSides: 2, maxSides: 1000, maxModifier: 10_000 } as const;

export interface DiceRoll {
  count: number;
  sides: number;
  keep: { mode: 'highest' | 'lowest'; count: number } | null;
  modifier: number;
}

const NOTATION = /^(\d{1,4})?d(\d{1,5})(?:k([hl])(\d{1,4}))?(?:([+-])(\d{1,6}))?$/;
const NOTATION_HELP =
  `expected NdS, NdS+M, NdS-M, NdSkhK (keep highest K) or NdSklK (keep lowest K), e.g. "2d6", "1d20+5", ` +
  `"4d6kh3"; N is 1-${DICE_LIMITS.maxCount} dice (default 1), S is ${DICE_LIMITS.minSides}-${DICE_LIMITS.maxSides} ` +
  `sides, K is 1-N, M is 0-${DICE_LIMITS.maxModifier}`;

/** Parses dice notation; returns the roll or a message saying what is wrong and what is allowed. */
export function parseDiceNotation(notation: string): DiceRoll | { error: string } {
  const compact = notation.replace(/\s+/g, '').toLowerCase();
  const match = NOTATION.exec(compact);
  if (!match) return { error: `invalid dice notation "${notation}": ${NOTATION_HELP}` };
  const [, countText, sidesText, keepMode, keepText, sign, modText] = match;
  const count = countText === undefined ? 1 : Number(countText);
  const sides = Number(sidesText);
  if (count < 1 || count > DICE_LIMITS.maxCount) {
    return { error: `cannot roll ${count} dice: the number of dice must be 1-${DICE_LIMITS.maxCount}` };
  }
  if (sides < DICE_LIMITS.minSides || sides > DICE_LIMITS.maxSides) {
    return { error: `a die cannot have ${sides} sides: sides must be ${DICE_LIMITS.minSides}-${DICE_LIMITS.maxSides}` };
  }
  let keep: DiceRoll['keep'] = null;
  if (keepMode !== undefined) {
    const keepCount = Number(keepText);
    if (keepCount < 1 || keepCount > count) {
      return { error: `cannot keep ${keepCount} of ${count} dice: keep must be 1-${count}` };
    }
    keep = { mode: keepMode === 'h' ? 'highest' : 'lowest', count: keepCount };
  }
  const modifierSize = modText === undefined ? 0 : Number(modText);
  if (modifierSize > DICE_LIMITS.maxModifier) {
    return { error: `modifier ${sign}${modifierSize} is too large: it must be 0-${DICE_LIMITS.maxModifier}` };
  }
  const modifier = sign === '-' ? -modifierSize : modifierSize;
  return { count, sides, keep, modifier: modifier === 0 ? 0 : modifier };
}

/** Indices of the dice kept, in roll order. Ties keep the earlier die. */
function keptIndices(rolls: number[], keep: DiceRoll['keep']): number[] {
  const indices = rolls.map((_, i) => i);
  if (!keep) return indices;
  const direction = keep.mode === 'highest' ? -1 : 1;
  const chosen = [...indices].sort((a, b) => direction * (rolls[a]! - rolls[b]!) || a - b).slice(0, keep.count);
  return chosen.sort((a, b) => a - b);
}

export const rollDiceTool = defineTool<UtilityContext>()({
  name: 'roll_dice',
  title: 'Roll dice',
  description:
    'Roll dice in standard notation: NdS (N dice with S sides), NdS+M / NdS-M (add a modifier), ' +
    'NdSkhK / NdSklK (keep the highest / lowest K dice), e.g. "2d6", "1d20+5", "4d6kh3", "2d20kl1-1". ' +
    `Limits: 1-${DICE_LIMITS.maxCount} dice, ${DICE_LIMITS.minSides}-${DICE_LIMITS.maxSides} sides.`,
  input: {
    notation: z.string().min(1).max(40).describe('Dice notation, e.g. "2d6", "1d20+5", "4d6kh3"'),
  },
  output: z.object({
    notation: z.string(),
    count: z.number().int(),
    sides: z.number().int(),
    keep: z.object({ mode: z.enum(['highest', 'lowest']), count: z.number().int() }).nullable(),
    rolls: z.array(z.number().int()).describe('Every die, in roll order'),
    kept: z.array(z.number().int()).describe('The dice counted in the total, in roll order'),
    modifier: z.number().int(),
    total: z.number().int(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  category: 'utility',
  needsConfirmation: false,
  timeoutSeconds: 5,
  async handler(ctx, { notation }) {
    const roll = parseDiceNotation(notation);
    if ('error' in roll) return toolFailure('invalid_argument', roll.error);
    const rolls = Array.from({ length: roll.count }, () => ctx.rng.int(1, roll.sides));
    const kept = keptIndices(rolls, roll.keep).map((i) => rolls[i]!);
    const total = kept.reduce((sum, v) => sum + v, 0) + roll.modifier;
    const modifierText = roll.modifier === 0 ? '' : roll.modifier > 0 ? ` + ${roll.modifier}` : ` - ${-roll.modifier}`;
    return {
      output: { notation, ...roll, rolls, kept, total },
      summary: `${notation}: [${rolls.join(', ')}]${roll.keep ? ` keep ${kept.join(', ')}` : ''}${modifierText} = ${total}`,
    };
  },
});
