import type { Replay } from './replay-reader.js';

/** A readable account of a recorded mission: how a person reviews what it did. */
export function formatTimeline({ header, events, truncatedAfterLine }: Replay): string[] {
  const lines = [
    `mission   ${header.instruction}`,
    `recorded  ${header.recordedAt} by robot-agent ${header.program.version}; scenario ${header.scenario.name}, seed ${header.seed}`,
    `model     ${header.provider} ${header.model}${header.providerNote ? ` (${header.providerNote})` : ''}`,
    '',
  ];
  let sim = 0;
  for (const e of events) {
    if (e.type === 'model_turn') {
      for (const block of e.content) if (block.type === 'text' && typeof block.text === 'string' && block.text.trim()) lines.push(`  "${block.text.trim()}"`);
    } else if (e.type === 'tool_call_finished') {
      sim += e.simSeconds;
      const text = e.result.content.find((c) => c.type === 'text') as { text?: string } | undefined;
      const first = (text?.text ?? (e.result.content.some((c) => c.type === 'image') ? '[image]' : '')).split('\n')[0]!;
      lines.push(`  [t=${sim.toFixed(1).padStart(6)} s] ${e.isError ? '✗' : '✓'} ${e.name} ${JSON.stringify(e.args)} → ${first.length > 120 ? `${first.slice(0, 119)}…` : first}`);
    } else if (e.type === 'cancelled') {
      lines.push(`  [t=${e.robotTime.toFixed(1).padStart(6)} s robot time] cancelled by the operator${e.estop ? ' (the emergency stop is latched)' : ''}`);
    } else if (e.type === 'confirmation') {
      lines.push(`  ${e.approved ? 'approved' : 'refused'} ${e.name} (${e.by})`);
    } else if (e.type === 'mission_finished') {
      lines.push('', `outcome   ${e.outcome}: ${e.summary}`, `          ${e.steps} tool call(s), ${e.simSeconds.toFixed(1)} s simulated, ${(e.wallMs / 1000).toFixed(2)} s wall when recorded`);
    }
  }
  if (truncatedAfterLine !== undefined) {
    lines.push('', `the recording ends here, after line ${truncatedAfterLine}: the mission did not finish recording (the process was killed or crashed), so it has no outcome and cannot be verified`);
  }
  return lines;
}
