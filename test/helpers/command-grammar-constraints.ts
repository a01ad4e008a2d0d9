import type { MeantGoal } from './command-grammar.js';

/**
 * The command grammar's requests with things to leave alone and places to keep out of: each
 * said around a request the grammar made, as people add them ("…, but don't touch the blue
 * ball", "without touching …, …", "leave … where it is and …", "move only the red cubes …",
 * "…, don't move anything else", "avoid … on the way to …").
 */

export interface ConstraintTools {
  pick: <T>(items: readonly T[]) => T;
  colours: readonly string[];
  shapes: readonly string[];
  zone: () => { said: string; meant: { zone: string } };
}
export type Part = { said: string; goals: MeantGoal[]; question?: true };

/** A request with a thing it must not touch, of a kind the request does not name. */
export function sparing(request: Part, { pick, colours, shapes }: ConstraintTools): Part {
  const named = request.goals.flatMap((g) => ('object' in g ? [g.object] : []));
  const color = pick(colours);
  const shape = pick(shapes);
  if (named.some((o) => (!o.color || o.color === color) && (!o.shape || o.shape === shape))) return request;
  const thing = `the ${color} ${shape}`;
  const r = request.said;
  const said = pick([
    `${r}, but don't touch ${thing}`,
    `${r} without touching ${thing}`,
    `without touching ${thing}, ${r}`,
    `leave ${thing} where it is and ${r}`,
    `${r}, but leave ${thing} alone`,
    `${r} and keep your hands off ${thing}`,
  ]);
  return { said, goals: [...request.goals, { kind: 'keep', rule: 'hands_off', spare: { color, shape } }] };
}

/** All of a kind moved but one colour, said as a thing to leave: "… but leave the red one". */
export function allButLeaveOne({ pick, colours, shapes, zone }: ConstraintTools): Part {
  const shape = pick(shapes);
  const color = pick(colours);
  const z = zone();
  return {
    said: `${pick(['put', 'move', 'take'])} all the ${shape}s ${pick(['in', 'to', 'into'])} ${z.said} but leave the ${color} one`,
    goals: [{ kind: 'place', object: { shape, all: true }, target: z.meant }, { kind: 'keep', rule: 'hands_off', spare: { color, shape } }],
  };
}

/** Only what is named moved, nothing else: "move only the red cubes to Z", "…, don't move anything else". */
export function nothingElse({ pick, colours, shapes, zone }: ConstraintTools): Part {
  const color = pick(colours);
  const shape = pick(shapes);
  const z = zone();
  const said = pick([`move only the ${color} ${shape}s to ${z.said}`, `put the ${color} ${shape}s in ${z.said}, don't move anything else`, `put the ${color} ${shape}s in ${z.said} and leave everything else alone`]);
  return { said, goals: [{ kind: 'place', object: { color, shape, all: true }, target: z.meant }, { kind: 'keep', rule: 'hands_off', spare: { notNamed: true } }] };
}

/** A trip with a place kept out of, said before or after: "avoid W on the way to Z". */
export function avoidOnTheWay({ pick, zone }: ConstraintTools): Part {
  const [to, away] = [zone(), zone()];
  if (to.meant.zone === away.meant.zone) return { said: `go to ${to.said}`, goals: [{ kind: 'goto', target: to.meant }] };
  const said = pick([`avoid ${away.said} on the way to ${to.said}`, `go to ${to.said} but don't go through ${away.said}`, `on your way to ${to.said}, stay out of ${away.said}`]);
  return { said, goals: [{ kind: 'goto', target: to.meant }, { kind: 'keep', rule: 'avoid', zone: away.meant.zone }] };
}
