import { Text } from 'ink';
import type { ToolEntry } from '../transcript.js';
import { ProgressBar } from './progress-bar.js';

export const SPINNER_FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * One tool call on one line: a spinner (with progress) while it runs, then ✓ or ✗, its robot
 * time and wall time, and the first line of its result (errors in red).
 */
export function ToolLine({ entry, spinner }: { entry: ToolEntry; spinner: number }) {
  const args = formatArgs(entry.args);
  if (entry.status === 'running' || entry.status === 'awaiting') {
    const awaiting = entry.status === 'awaiting';
    return (
      <Text wrap="truncate-end">
        {'  '}
        <Text color={awaiting ? 'yellow' : 'cyan'}>{awaiting ? '?' : SPINNER_FRAMES[spinner % SPINNER_FRAMES.length]}</Text> <Text bold>{entry.name}</Text>
        {args ? <Text dimColor> {args}</Text> : null}
        {entry.progress !== undefined ? (
          <Text>
            {' '}
            <ProgressBar fraction={entry.progress} width={10} color="cyan" /> {Math.round(entry.progress * 100)}%
          </Text>
        ) : null}
        {entry.progressText ? <Text color={awaiting ? 'yellow' : undefined} dimColor={!awaiting}> {entry.progressText}</Text> : null}
      </Text>
    );
  }
  const failed = entry.status === 'error';
  const time = entry.simSeconds !== undefined ? ` (${entry.simSeconds.toFixed(1)} s, ${Math.round(entry.wallMs ?? 0)} ms)` : '';
  return (
    <Text wrap="truncate-end">
      {'  '}
      <Text color={failed ? 'red' : 'green'}>{failed ? '✗' : '✓'}</Text> <Text bold color={failed ? 'red' : undefined}>{entry.name}</Text>
      {args ? <Text dimColor> {args}</Text> : null}
      <Text dimColor>{time}</Text>
      <Text color={failed ? 'red' : undefined}> → {entry.summary ?? ''}</Text>
    </Text>
  );
}

/** `zone=bin_a speed=0.5`: arguments compactly, strings unquoted. */
export function formatArgs(args: Record<string, unknown>): string {
  const text = Object.entries(args)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
