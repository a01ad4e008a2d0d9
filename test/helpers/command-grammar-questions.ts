import type { ConstraintTools, Part } from './command-grammar-constraints.js';

/**
 * The command grammar's questions about the room and the robot: whether an object is in a zone,
 * what the robot holds, which object is nearest, how many things a zone holds.
 */
export const QUESTIONS: Array<(tools: ConstraintTools) => Part> = [
  ({ pick, colours, shapes, zone }) => {
    const [color, shape, z] = [pick(colours), pick(shapes), zone()];
    const where = `${pick(['in', 'on'])} ${z.said}`;
    const said = pick([`is the ${color} ${shape} ${where}`, `can you check if the ${color} ${shape} is ${where}`]);
    return { said, goals: [{ kind: 'find', object: { color, shape, definite: true, inZone: z.meant.zone }, whether: true }], question: true };
  },
  ({ pick }) => ({ said: pick(['what are you holding', 'are you holding anything', 'what are you carrying']), goals: [{ kind: 'status', topic: 'holding' }], question: true }),
  ({ pick, shapes }) => {
    const shape = pick(shapes);
    return { said: pick([`which ${shape} is closest to you`, `what's the nearest ${shape}`, `which ${shape} is nearest`]), goals: [{ kind: 'find', object: { shape, rank: 'nearest' } }], question: true };
  },
  ({ pick, zone }) => {
    const z = zone();
    return { said: `how many ${pick(['objects', 'things', 'items'])} are ${pick(['in', 'on'])} ${z.said}`, goals: [{ kind: 'count', object: { all: true, inZone: z.meant.zone } }], question: true };
  },
];
