import { Text } from 'ink';
import type { ToolEntry } from '../transcript.js';
import { formatArgs, toolTime } from '../transcript-rows.js';
import { countSoFar, percentDone } from '../../core/progress.js';
import { ProgressBar } from './progress-bar.js';

export const SPINNER_FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * One tool call on one line: a spinner (with progress) while it runs, then ✓ or ✗, its robot
 * time and wall time, and the first line of its result (errors in red) unless `expanded` rows
 * show all of it below.
 */
export function ToolLine({ entry, spinner, expanded = false }: { entry: ToolEntry; spinner: number; expanded?: boolean }) {
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
            <ProgressBar fraction={entry.progress} width={10} color="cyan" /> {percentDone(entry.progress)}%
          </Text>
        ) : entry.count !== undefined ? (
          <Text> {countSoFar(entry.count)}</Text>
        ) : null}
        {entry.progressText ? <Text color={awaiting ? 'yellow' : undefined} dimColor={!awaiting}> {entry.progressText}</Text> : null}
      </Text>
    );
  }
  const failed = entry.status === 'error';
  return (
    <Text wrap="truncate-end">
      {'  '}
      <Text color={failed ? 'red' : 'green'}>{failed ? '✗' : '✓'}</Text> <Text bold color={failed ? 'red' : undefined}>{entry.name}</Text>
      {args ? <Text dimColor> {args}</Text> : null}
      <Text dimColor>{toolTime(entry)}</Text>
      {expanded ? null : <Text color={failed ? 'red' : undefined}> → {entry.summary ?? ''}</Text>}
    </Text>
  );
}
