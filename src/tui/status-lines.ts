import type { RobotView } from './robot-view.js';
import type { SessionState } from '../runtime/mission-session.js';

/** `/status`: the robot, the world and the session in a few lines. */
export function statusLines(s: SessionState, v: RobotView): string[] {
  const deg = Math.round((v.pose.heading * 180) / Math.PI);
  const seen = v.objects.length ? v.objects.map((o) => `${o.id} (${o.x.toFixed(1)}, ${o.y.toFixed(1)})`).join(', ') : 'nothing detected yet';
  return [
    `robot     ${v.state} · ${v.estopped ? 'EMERGENCY STOP latched' : v.armed ? 'armed' : 'disarmed'} · at (${v.pose.x.toFixed(2)}, ${v.pose.y.toFixed(2)}) ${deg}°${v.zone ? ` in ${v.zone}` : ''} · battery ${Math.round(v.battery * 100)}%${v.charging ? ' (charging)' : ''} · holding ${v.holding ?? 'nothing'}`,
    `seen      ${seen}`,
    `world     scenario ${s.scenario}, seed ${s.seed}, ${s.realtime ? 'real time' : 'virtual time'}, robot clock ${v.simTime.toFixed(1)} s`,
    `provider  ${s.provider}${s.model ? ` ${s.model}` : ''}; ${s.running ? 'a mission is running' : 'idle'}`,
    `recording ${s.recordDir ? `${s.recordDir} (${s.recordings.length} this session)` : 'off (--no-record)'}`,
  ];
}
