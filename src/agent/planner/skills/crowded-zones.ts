import { distinct } from '../one-meant.js';
import type { SkillContext } from './skill-context.js';
import { surveyZone } from './zone-look.js';

/**
 * A count of the whole room passes a crowded tray or bin at a distance, from one side: objects
 * standing close together hide each other there (a green cylinder behind three others in a full
 * instrument tray was missed, and "I count 3 green objects after searching the whole room" said
 * as a fact). So before a whole room's count is given, each zone of the map where two seen
 * objects stand close enough to hide one another is looked at whole, from other sides until a
 * look adds nothing — as a count asked of that zone is (zone-look.ts).
 */

/** Two objects this near each other can hide a third behind them from most sides. */
const CROWD_M = 0.3;
/** Nearer than this two sightings are one object under two labels, not a crowd: objects stand at
 *  least their 12 cm width apart, and a far sighting's estimate wanders a few centimetres (a red
 *  cube also taken for a red cylinder 12 cm off had made a workbench 'crowded'). */
const ONE_OBJECT_M = 0.15;

/** Looks at every crowded zone (the smallest, where crowded zones nest); the names of those whose
 *  last look still showed something new, or some part of which no look saw. */
export async function settleCrowdedZones(ctx: SkillContext): Promise<string[]> {
  const { beliefs } = ctx;
  const zones = beliefs.map?.zones ?? [];
  // One object seen twice under two tracker ids is no crowd (a workbench with two objects a metre
  // apart had counted as crowded by a second id of one of them).
  const seen = distinct(beliefs, [...beliefs.seen.values()].filter((o) => o.id !== beliefs.holding));
  const crowded = zones.filter((z) => {
    const inside = seen.filter((o) => beliefs.inZone(o, z.name));
    const apart = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
    return inside.some((a, i) => inside.some((b, j) => j > i && apart(a, b) >= ONE_OBJECT_M && apart(a, b) < CROWD_M));
  });
  const within = (a: (typeof zones)[number], b: (typeof zones)[number]) => a.min_x >= b.min_x && a.max_x <= b.max_x && a.min_y >= b.min_y && a.max_y <= b.max_y;
  const smallest = crowded.filter((z) => !crowded.some((other) => other !== z && within(other, z)));
  const unsettled: string[] = [];
  for (const z of smallest) {
    const survey = await surveyZone(ctx, z);
    if (!(survey.seen && survey.settled)) unsettled.push(z.name);
  }
  return unsettled;
}
