import { LEFTOVER_NEGATION } from '../constraints.js';

/** "except the blue one", "but the cubes": an exclusion the referring expression reads (referring.ts). */
export const EXCLUDED_KIND = /\b(?:except(?: for)?|but|other than|apart from) (?:the )?(?:(?:red|green|blue|yellow)(?: (?:ones?|cubes?|balls?|cylinders?|blocks?|boxes?|spheres?|cans?))?|ones?|cubes?|balls?|cylinders?|blocks?|boxes?|spheres?|cans?)\b/g;

/** Whether the clause keeps a negation that neither the constraints nor an exclusion account for. */
/** "the balls that are not green": a colour left out, which the referring expression reads too. */
const EXCLUDED_COLOUR = /\b(?:(?:that|which) (?:is|are) )?not (?:red|green|blue|yellow)\b/g;

export function keepsNegation(clause: string): boolean {
  return LEFTOVER_NEGATION.test(clause.replace(EXCLUDED_KIND, ' ').replace(EXCLUDED_COLOUR, ' '));
}
