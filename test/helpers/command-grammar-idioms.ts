import type { ConstraintTools, Part } from './command-grammar-constraints.js';

/**
 * The command grammar's ways of asking said as people shorten or colour them: idioms ("grab hold
 * of X", "pop X in Z"), a second object named by its colour and "one" ("… and the blue one in Z"),
 * clipped orders ("red cube, bin a", "red cube -> bin a") and the robot's start as a place.
 */
export const IDIOMS: Array<(tools: ConstraintTools) => Part> = [
  ({ pick, colours, shapes }) => {
    const [color, shape] = [pick(colours), pick(shapes)];
    return { said: `${pick(['grab hold of', 'get hold of', 'take hold of'])} the ${color} ${shape}`, goals: [{ kind: 'pick', object: { color, shape, definite: true } }] };
  },
  ({ pick, colours, shapes, zone }) => {
    const [color, shape, z] = [pick(colours), pick(shapes), zone()];
    return { said: `${pick(['pop', 'chuck', 'stick', 'pop'])} the ${color} ${shape} ${pick(['in', 'on', 'into'])} ${z.said}`, goals: [{ kind: 'place', object: { color, shape, definite: true }, target: z.meant }] };
  },
  ({ pick, colours, shapes, zone }) => {
    const [first, second] = [pick(colours), pick(colours)];
    const shape = pick(shapes);
    const [y, z] = [zone(), zone()];
    if (first === second) return { said: `put the ${first} ${shape} in ${y.said}`, goals: [{ kind: 'place', object: { color: first, shape, definite: true }, target: y.meant }] };
    return {
      said: `put the ${first} ${shape} in ${y.said} and the ${second} one in ${z.said}`,
      goals: [{ kind: 'place', object: { color: first, shape, definite: true }, target: y.meant }, { kind: 'place', object: { color: second, shape, definite: true }, target: z.meant }],
    };
  },
  ({ pick, colours, shapes, zone }) => {
    const [color, shape, z] = [pick(colours), pick(shapes), zone()];
    return { said: `${color} ${shape}${pick([', ', ' -> ', ' to '])}${z.said}`, goals: [{ kind: 'place', object: { color, shape }, target: z.meant }] };
  },
  ({ pick }) => ({ said: pick(['go back to where you started', 'return to your starting point', 'head back to the start', 'go back to your start position']), goals: [{ kind: 'goto', target: { home: true } }] }),
];
