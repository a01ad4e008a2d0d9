import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { TranscriptState } from '../transcript.js';
import { transcriptRows, visibleRows, type Row } from '../transcript-rows.js';
import { ToolLine } from './tool-line.js';

const NOTE_COLOR = { info: 'blue', warning: 'yellow', error: 'red' } as const;
const OUTCOME_COLOR: Record<string, string> = { succeeded: 'green', failed: 'red', aborted: 'yellow' };

interface TranscriptViewProps {
  state: TranscriptState;
  width: number;
  height: number;
  scroll: number;
  spinner: number;
  /** Every tool result in full (Ctrl-O) rather than its first line. */
  expanded?: boolean;
}

/** The conversation: missions, narration, tool calls, notes and outcomes, newest at the bottom. */
export function TranscriptView({ state, width, height, scroll, spinner, expanded = false }: TranscriptViewProps) {
  const rows = useMemo(() => transcriptRows(state, width, expanded), [state, width, expanded]);
  const shown = visibleRows(rows, Math.max(1, height - (scroll > 0 ? 1 : 0) - (expanded ? 1 : 0)), scroll);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {rows.length === 0 ? <Text dimColor>Type a mission below, e.g. "go to bin a" — or /help.</Text> : null}
      {shown.rows.map((row, i) => (
        <RowLine key={`${shown.hidden + i}`} row={row} spinner={spinner} />
      ))}
      {shown.scroll > 0 ? (
        <Text inverse wrap="truncate-end">
          {` ↓ ${shown.scroll} newer line${shown.scroll === 1 ? '' : 's'} below (PgDn) `}
        </Text>
      ) : null}
      {expanded ? (
        <Text dimColor wrap="truncate-end">
          {'full results shown · Ctrl-O for one line each'}
        </Text>
      ) : null}
    </Box>
  );
}

function RowLine({ row, spinner }: { row: Row; spinner: number }) {
  switch (row.kind) {
    case 'mission':
      return (
        <Text bold color="cyan" wrap="truncate-end">
          {row.text}
        </Text>
      );
    case 'text':
      return <Text wrap="truncate-end">{row.text}</Text>;
    case 'streaming':
      return (
        <Text italic wrap="truncate-end">
          {row.text}
          {row.last ? <Text color="cyan">▍</Text> : null}
        </Text>
      );
    case 'tool':
      return <ToolLine entry={row.entry} spinner={spinner} expanded={row.expanded} />;
    case 'result':
      return (
        <Text color={row.error ? 'red' : undefined} wrap="truncate-end">
          {row.text}
        </Text>
      );
    case 'note':
      return (
        <Text color={NOTE_COLOR[row.level]} wrap="truncate-end">
          {row.text}
        </Text>
      );
    case 'outcome':
      return (
        <Text bold color={OUTCOME_COLOR[row.outcome] ?? 'white'} wrap="truncate-end">
          {row.text}
        </Text>
      );
    case 'detail':
      return (
        <Text dimColor wrap="truncate-end">
          {row.text}
        </Text>
      );
  }
}
