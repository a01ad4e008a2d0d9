import { Box, Text } from 'ink';

const MAX_ROWS = 3;

/** Rows the queued instructions take above the prompt (none when nothing waits). */
export function queuedRows(count: number): number {
  return Math.min(count, MAX_ROWS);
}

/** Instructions typed during a mission, dim, each waiting its turn; a long queue ends with a count. */
export function QueuedLines({ queue }: { queue: readonly string[] }) {
  if (!queue.length) return null;
  const lines =
    queue.length > MAX_ROWS ? [...queue.slice(0, MAX_ROWS - 1).map((q) => `queued: ${q}`), `… and ${queue.length - MAX_ROWS + 1} more queued`] : queue.map((q) => `queued: ${q}`);
  return (
    <Box flexDirection="column">
      {lines.map((line, i) => (
        <Text key={i} dimColor wrap="truncate-end">
          {line}
        </Text>
      ))}
    </Box>
  );
}
