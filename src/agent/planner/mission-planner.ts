import { Beliefs, describeQuery, type PlannerMap, type SeenThing } from './beliefs.js';
import type { Goal, ObjectQuery, Place } from './instruction.js';
import type { MissionScript, PlannerIo, PlannerVerdict, ToolReply } from './planner-session.js';
import { RobotLink } from './robot-link.js';
import { fail, ok, pct, type Step } from './step.js';

/**
 * The offline mission planner's skills: find, pick, place, go, charge, report, configure. Each
 * reads every tool result and re-plans on failure (not seen → scan → explore; grasp missed →
 * look again and re-approach; battery reserve → charge, then retry). It only knows what tools
 * tell it, and says plainly what it could not do.
 */
const CAPABILITIES =
  'I can pick up, bring, put or find red, green, blue and yellow cubes, balls and cylinders, go to zones or coordinates, charge, report status, arm, disarm, stop and set parameters.';
const MOTION_GOALS = new Set<Goal['kind']>(['pick', 'place', 'goto', 'find', 'scan', 'charge', 'rotate']);
const GRASP_TRIES = 3;

export function missionScript(goals: Goal[], map: PlannerMap | null): MissionScript {
  return (io) => new MissionPlanner(io, new Beliefs(map)).run(goals);
}

class MissionPlanner {
  private readonly robot: RobotLink;
  /** The object the last goal handled, for "it" / "them". */
  private lastObject: string | null = null;

  constructor(
    io: PlannerIo,
    private readonly beliefs: Beliefs,
  ) {
    this.robot = new RobotLink(io, beliefs);
  }

  async run(goals: Goal[]): Promise<PlannerVerdict> {
    const unknown = goals.find((g): g is Extract<Goal, { kind: 'unknown' }> => g.kind === 'unknown');
    if (unknown) return { outcome: 'failed', summary: `${capitalize(unknown.reason)}. ${CAPABILITIES}` };
    await this.robot.call('get_robot_status', {}, 'Checking the robot first.');
    const moves = goals.some((g) => MOTION_GOALS.has(g.kind));
    if (moves && this.robot.estopped && !goals.some((g) => g.kind === 'reset_estop')) {
      return { outcome: 'failed', summary: 'The emergency stop is latched; I will not reset it unless asked to ("reset the emergency stop").' };
    }
    const done: string[] = [];
    if (moves && goals[0]?.kind !== 'charge' && !this.robot.estopped) {
      const low = await this.robot.batteryBelowReserve();
      if (low) {
        const charged = await this.robot.charge(`Battery at ${pct(this.robot.battery)} is below the ${pct(low.reserve)} reserve: charging first.`);
        if (!charged.ok) return { outcome: 'failed', summary: charged.message };
        done.push(charged.message);
      }
    }
    for (const goal of goals) {
      const step = await this.execute(goal);
      if (!step.ok) return { outcome: 'failed', summary: [...done, step.message].join(' ') };
      done.push(step.message);
    }
    return { outcome: 'succeeded', summary: done.join(' ') };
  }

  private execute(goal: Goal): Promise<Step> {
    switch (goal.kind) {
      case 'pick':
        return this.pick(goal.object);
      case 'place':
        return this.place(goal.object, goal.target);
      case 'goto':
        return this.goto(goal.target);
      case 'find':
        return this.findAndReport(goal.object);
      case 'scan':
        return this.lookAround();
      case 'charge':
        return this.robot.charge('Going to the charging dock.');
      case 'status':
        return this.status(goal.topic);
      case 'rotate':
        return this.rotate(goal.degrees);
      case 'set':
        return this.simple('set_parameter', { name: goal.name, value: goal.value }, `Setting ${goal.name} to ${goal.value}.`, () => `Set ${goal.name} to ${goal.value}.`);
      case 'arm':
        return this.simple('arm', {}, 'Arming.', () => 'Armed.');
      case 'disarm':
        return this.simple('disarm', {}, 'Disarming.', () => 'Disarmed: motion is off.');
      case 'stop':
        return this.simple('stop', {}, 'Stopping.', () => 'Stopped.');
      case 'estop':
        return this.simple('emergency_stop', { reason: 'requested by the user' }, 'Emergency stop!', () => 'Emergency stop engaged; it stays latched until reset.');
      case 'reset_estop':
        return this.simple('reset_emergency_stop', {}, 'Resetting the emergency stop.', () => 'Emergency stop reset; the robot is disarmed until armed again.');
      default:
        return Promise.resolve(fail(`I do not know how to do that. ${CAPABILITIES}`));
    }
  }

  // ── skills ─────────────────────────────────────────────────────────────────

  private async pick(q: ObjectQuery, knownTarget?: SeenThing): Promise<Step> {
    if (q.all && !knownTarget) return fail(`I can hold one object at a time; ask me to put ${describeQuery(q)} somewhere instead.`);
    if (this.beliefs.holding) {
      if (q.pronoun || (knownTarget && knownTarget.id === this.beliefs.holding) || this.holdingMatches(q)) return ok(`Already holding ${this.beliefs.holding}.`);
      const put = await this.robot.act('release_object', {}, `Putting down ${this.beliefs.holding} first.`);
      if (!put.ok) return fail(`I could not put down ${this.beliefs.holding}: ${put.text}`);
      this.beliefs.holding = null;
    }
    const armed = await this.robot.ensureArmed();
    if (!armed.ok) return armed;
    let target: SeenThing;
    if (knownTarget) target = knownTarget;
    else {
      const found = await this.find(q);
      if (!found.objects[0]) return fail(`I could not find ${describeQuery(q)} anywhere: I looked from ${found.places} place(s).`);
      target = found.objects[0];
    }
    let lastError = '';
    for (let attempt = 1; attempt <= GRASP_TRIES; attempt++) {
      const approach = await this.robot.act('approach_object', { object_id: target.id }, `Approaching ${target.id} at (${target.x}, ${target.y}).`);
      const grasp = approach.ok ? await this.robot.act('grasp_object', { object_id: target.id }, `Grasping ${target.id}.`) : undefined;
      if (grasp?.ok) {
        this.beliefs.holding = (grasp.data?.holding as string) ?? target.id;
        this.beliefs.forget(target.id);
        this.lastObject = this.beliefs.holding;
        return ok(`Picked up ${this.beliefs.holding}.`);
      }
      const failed = grasp ?? approach;
      const renamedTo = renamedIn(failed.text);
      if (renamedTo || (!grasp && /no seen object matches id/.test(approach.text))) {
        // The robot no longer knows it by this id: later sightings relabelled it, or it was a
        // double sighting the robot merged, or it was moved.
        this.beliefs.forget(target.id);
        if (renamedTo && idMatches(renamedTo, q)) {
          // Relabelled, and still what was asked for (e.g. a cube seen as a cylinder and back).
          target = { ...target, id: renamedTo, label: renamedTo.replace(/#\d+$/, ''), ...queryOfId(renamedTo) };
          continue;
        }
        if (knownTarget) {
          return { ok: false, gone: true, renamedTo, message: renamedTo ? `${target.id} turned out to be ${renamedTo}.` : `${target.id} is no longer known to the robot.` };
        }
        const again = await this.find(q);
        if (!again.objects[0]) return fail(`I lost track of ${describeQuery(q)} and could not find it again.`);
        target = again.objects[0];
        continue;
      }
      lastError = failed.text;
      if (this.robot.estopped) return fail(`Stopped: ${lastError}`);
      // Look again: the estimate may have been off, or the object moved.
      const look = await this.robot.act('detect_objects', {}, `That did not work (${firstSentence(lastError)}); looking again.`);
      const refreshed: SeenThing | undefined = this.beliefs.seen.get(target.id) ?? (look.ok ? this.beliefs.matching({ ...queryOf(target), all: false, text: target.label }, this.robot.pose)[0] : undefined);
      if (refreshed) target = refreshed;
      else {
        const again = await this.find(q.pronoun ? { ...queryOf(target), all: false, text: target.label } : q);
        if (!again.objects[0]) return fail(`I lost sight of ${target.id} and could not find it again.`);
        target = again.objects[0];
      }
    }
    return fail(`I could not pick up ${target.id} after ${GRASP_TRIES} tries: ${firstSentence(lastError)}.`);
  }

  private async place(q: ObjectQuery, where: Place): Promise<Step> {
    if (q.all && !q.pronoun) return this.placeAll(q, where);
    let picked = '';
    if (!(q.pronoun && this.beliefs.holding) && !(this.beliefs.holding && this.holdingMatches(q))) {
      if (q.pronoun && !this.lastObject) return fail('I am not holding anything, and "it" does not name an object; say which object to move.');
      const got = await this.pick(q.pronoun ? { all: false, text: this.lastObject!, ...queryOfId(this.lastObject!) } : q);
      if (!got.ok) return got;
      picked = `${got.message} `;
    }
    const put = await this.deliver(where);
    return put.ok ? ok(`${picked}${put.message}`) : fail(`${picked}${put.message}`);
  }

  private async placeAll(q: ObjectQuery, where: Place): Promise<Step> {
    if (!('zone' in where)) return fail(`I can put several objects only into a zone (like bin_a or shelf), not ${describePlace(where)}.`);
    const armed = await this.robot.ensureArmed();
    if (!armed.ok) return armed;
    const found = await this.find(q);
    if (found.objects.length === 0) return fail(`I found no ${describeQuery(q).replace(/^all /, '')} anywhere: I looked from ${found.places} place(s).`);
    const moved: string[] = [];
    const vanished: string[] = [];
    const relabelled: string[] = [];
    const already = found.objects.filter((o) => this.beliefs.zoneAt(o) === where.zone).map((o) => o.id);
    let todo = found.objects.filter((o) => this.beliefs.zoneAt(o) !== where.zone);
    while (todo.length) {
      const next = todo[0]!;
      const got = await this.pick({ ...queryOf(next), all: false, text: next.label }, next);
      if (!got.ok && 'gone' in got && got.gone) {
        if (got.renamedTo) relabelled.push(`${next.id} turned out to be ${got.renamedTo}`);
        else vanished.push(next.id);
        todo = todo.filter((t) => t.id !== next.id);
        continue;
      }
      if (!got.ok) return fail(`${summarizeMoved(moved, where.zone)}${got.message}`);
      const carried = this.beliefs.holding ?? next.id; // the id it goes by now, if relabelled on the way
      const put = await this.deliver(where);
      if (!put.ok) return fail(`${summarizeMoved(moved, where.zone)}${put.message}`);
      moved.push(carried);
      // Re-rank the rest from where the robot is now.
      todo = this.beliefs.matching(q, this.robot.pose).filter((o) => this.beliefs.zoneAt(o) !== where.zone && todo.some((t) => t.id === o.id));
    }
    const relabels = relabelled.length ? ` ${relabelled.join('; ')}.` : '';
    if (moved.length === 0 && already.length === 0) {
      const missing = vanished.length ? ` ${vanished.join(', ')} turned out not to be there.` : '';
      return fail(`I could not move any ${describeQuery(q).replace(/^all /, '')}:${relabels}${missing}`);
    }
    const tail = already.length ? ` (${already.join(', ')} ${already.length === 1 ? 'was' : 'were'} already there)` : '';
    const phantom = vanished.length ? ` ${vanished.join(', ')} turned out to be a second sighting of one of them.` : '';
    return ok(`${moved.length ? `Put ${moved.join(', ')} in ${where.zone}` : `Nothing to move`}${tail}.${relabels}${phantom}`);
  }

  private async deliver(where: Place): Promise<Step> {
    const held = this.beliefs.holding ?? 'the object';
    if ('zone' in where) {
      const r = await this.robot.act('release_object', { zone: where.zone }, `Taking ${held} to ${where.zone}.`);
      if (!r.ok) return fail(`I could not put ${held} in ${where.zone}: ${r.text}`);
      return this.released(`Put ${held} in ${where.zone}.`);
    }
    if ('near' in where) {
      const found = await this.find(where.near);
      const ref = found.objects[0];
      if (!ref) return fail(`I could not find ${describeQuery(where.near)} to put ${held} next to.`);
      const go = await this.robot.act('approach_object', { object_id: ref.id, standoff: 0.8 }, `Going next to ${ref.id}.`);
      if (!go.ok) return fail(`I could not get next to ${ref.id}: ${go.text}`);
      const r = await this.robot.act('release_object', {}, `Putting ${held} down next to ${ref.id}.`);
      return r.ok ? this.released(`Put ${held} next to ${ref.id}.`) : fail(`I could not put ${held} down: ${r.text}`);
    }
    if ('point' in where) {
      const go = await this.robot.act('navigate_to', { ...where.point }, `Taking ${held} to (${where.point.x}, ${where.point.y}).`);
      if (!go.ok) return fail(`I could not take ${held} to (${where.point.x}, ${where.point.y}): ${go.text}`);
    }
    const r = await this.robot.act('release_object', {}, `Putting ${held} down.`);
    return r.ok ? this.released(`Put ${held} down.`) : fail(`I could not put ${held} down: ${r.text}`);
  }

  private released(message: string): Step {
    this.beliefs.holding = null;
    return ok(message);
  }

  /** Looks ahead, then all around, then from waypoints across the room (all of them for "all"). */
  private async find(q: ObjectQuery): Promise<{ objects: SeenThing[]; places: number }> {
    const wanted = () => this.beliefs.matching(q, this.robot.pose);
    let places = 1;
    await this.robot.act('detect_objects', {}, `Looking for ${describeQuery(q)}.`);
    if (!q.all && wanted().length) return { objects: wanted(), places };
    const armed = await this.robot.ensureArmed();
    if (!armed.ok) return { objects: wanted(), places };
    await this.scan(q.all ? 'Scanning all around.' : `No ${describeQuery(q).replace(/^the /, '')} in view; scanning all around.`);
    if (!q.all && wanted().length) return { objects: wanted(), places };
    for (const wp of this.beliefs.explorationWaypoints(this.robot.pose)) {
      const go = await this.goNear(wp, `${q.all ? 'Searching' : 'Not found yet; searching'} from (${wp.x}, ${wp.y}).`);
      if (this.robot.estopped) break;
      if (!go) {
        // Unreachable waypoint: mark it looked-at so it is not tried again.
        this.beliefs.scannedAt.push(wp);
        continue;
      }
      places++;
      await this.scan('Scanning here.');
      if (!q.all && wanted().length) break;
    }
    return { objects: wanted(), places };
  }

  /** Drives to a waypoint, or to a spot nearby when something stands on it. */
  private async goNear(wp: { x: number; y: number }, say: string): Promise<boolean> {
    const spots = [wp, ...[[0.6, 0], [-0.6, 0], [0, 0.6], [0, -0.6]].map(([dx, dy]) => ({ x: Math.round((wp.x + dx!) * 100) / 100, y: Math.round((wp.y + dy!) * 100) / 100 }))];
    for (const [i, spot] of spots.entries()) {
      const go = await this.robot.act('navigate_to', spot, i === 0 ? say : `(${wp.x}, ${wp.y}) is blocked; trying (${spot.x}, ${spot.y}).`);
      if (go.ok) return true;
      // Only a blocked or occupied spot is worth nudging; other failures (battery, e-stop) are not.
      if (this.robot.estopped || !/cannot reach|too close|inside|blocked/.test(go.text)) return false;
    }
    return false;
  }

  private async scan(say: string): Promise<ToolReply> {
    const r = await this.robot.act('scan_surroundings', {}, say);
    this.beliefs.scannedAt.push({ ...this.robot.pose });
    return r;
  }

  private async findAndReport(q: ObjectQuery): Promise<Step> {
    const found = await this.find(q);
    if (found.objects.length === 0) return fail(`I could not find ${describeQuery(q)}: I looked from ${found.places} place(s) and did not see it.`);
    const list = (q.all ? found.objects : found.objects.slice(0, 1)).map((o) => `the ${o.color} ${o.shape} (${o.id}) is at about (${o.x}, ${o.y})${this.beliefs.zoneAt(o) ? ` in ${this.beliefs.zoneAt(o)}` : ''}`);
    return ok(`${capitalize(list.join('; '))}.`);
  }

  private async lookAround(): Promise<Step> {
    const armed = await this.robot.ensureArmed();
    if (!armed.ok) return armed;
    const r = await this.scan('Looking all around.');
    if (!r.ok) return fail(`I could not scan: ${r.text}`);
    const seen = (r.data?.detections ?? []) as Array<{ id: string; position: { x: number; y: number } }>;
    return ok(seen.length ? `I see ${seen.map((d) => `${d.id} at (${d.position.x}, ${d.position.y})`).join(', ')}.` : 'I see no objects from here.');
  }

  private async goto(target: { zone: string } | { point: { x: number; y: number } }): Promise<Step> {
    const armed = await this.robot.ensureArmed();
    if (!armed.ok) return armed;
    const r = 'zone' in target ? await this.robot.act('navigate_to_zone', { zone: target.zone }, `Going to ${target.zone}.`) : await this.robot.act('navigate_to', { ...target.point }, `Going to (${target.point.x}, ${target.point.y}).`);
    const where = 'zone' in target ? target.zone : `(${target.point.x}, ${target.point.y})`;
    return r.ok ? ok(`Arrived at ${where}.`) : fail(`I could not go to ${where}: ${r.text}`);
  }

  private async rotate(degrees: number): Promise<Step> {
    const armed = await this.robot.ensureArmed();
    if (!armed.ok) return armed;
    const r = await this.robot.act('rotate', { angle_deg: degrees }, `Turning ${degrees}°.`);
    return r.ok ? ok(`Turned ${degrees}°.`) : fail(`I could not turn: ${r.text}`);
  }

  private async status(topic: 'battery' | 'pose' | 'holding' | 'all'): Promise<Step> {
    const r = await this.robot.call('get_robot_status', {}, 'Reading the status.');
    if (!r.ok) return fail(`I could not read the status: ${r.text}`);
    const s = r.data;
    const battery = `Battery at ${pct(s.battery)}${s.charging ? ' (charging)' : ''}.`;
    const pose = `I am at (${s.pose.x}, ${s.pose.y}) facing ${s.pose.heading_deg}°${s.zone ? `, in ${s.zone}` : ''}.`;
    const holding = s.holding ? `I am holding ${s.holding}.` : 'I am not holding anything.';
    const state = `State ${s.state}, ${s.armed ? 'armed' : 'disarmed'}${s.emergency_stop ? ', emergency stop latched' : ''}.`;
    return ok({ battery, pose, holding, all: `${state} ${pose} ${battery} ${holding}` }[topic]);
  }

  private async simple(name: string, args: Record<string, unknown>, say: string, success: (r: ToolReply) => string): Promise<Step> {
    const r = await this.robot.call(name, args, say);
    return r.ok ? ok(success(r)) : fail(`${name} failed: ${r.text}`);
  }

  private holdingMatches(q: ObjectQuery): boolean {
    return this.beliefs.holding !== null && idMatches(this.beliefs.holding, q);
  }
}

/** Whether the object with this tracker id is of the colour and shape asked for. */
function idMatches(id: string, q: ObjectQuery): boolean {
  const { color, shape } = queryOfId(id);
  return (!q.color || q.color === color) && (!q.shape || q.shape === shape);
}

/** The id a tool says an object now goes by (see the robot tools' unknown-object error). */
function renamedIn(text: string): string | undefined {
  return /now goes by (\S+):/.exec(text)?.[1];
}

/** "red_cube#2" → { color: "red", shape: "cube" }. */
function queryOfId(id: string): { color?: string; shape?: string } {
  const m = /^([a-z]+)_([a-z]+)/.exec(id);
  return m ? { color: m[1], shape: m[2] } : {};
}

function queryOf(o: SeenThing): { color: string; shape: string } {
  return { color: o.color, shape: o.shape };
}

function describePlace(p: Place): string {
  if ('zone' in p) return p.zone;
  if ('point' in p) return `(${p.point.x}, ${p.point.y})`;
  if ('near' in p) return `next to ${describeQuery(p.near)}`;
  return 'here';
}

function summarizeMoved(moved: string[], zone: string): string {
  return moved.length ? `Put ${moved.join(', ')} in ${zone}, then: ` : '';
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function firstSentence(s: string): string {
  return s.split(/(?<=[.;])\s/)[0]!.replace(/[.;]$/, '');
}
