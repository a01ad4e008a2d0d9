import { Box, Text } from 'ink';

export interface HeaderInfo {
  version: string;
  scenario: string;
  seed: number;
  provider: string;
  model: string | null;
  realtime: boolean;
  recording: boolean;
  /** "● mission running", "▶ replay 4x 12.3/40.1 s", or nothing. */
  activity?: string;
}

/** One line: what world, which provider, whether missions are recorded, and what is happening. */
export function HeaderBar({ info, width }: { info: HeaderInfo; width: number }) {
  return (
    <Box width={width} justifyContent="space-between">
      <Text wrap="truncate-end">
        <Text bold color="cyan">
          robot-agent
        </Text>
        <Text dimColor> {info.version}</Text>
        {` │ ${info.scenario} seed ${info.seed} │ ${info.provider}${info.model && info.model !== info.provider ? ` ${info.model}` : ''} │ ${info.realtime ? 'real time' : 'virtual time'} │ `}
        {info.recording ? <Text color="red">● rec</Text> : <Text dimColor>not recording</Text>}
      </Text>
      {info.activity ? (
        <Text bold color="yellow" wrap="truncate-end">
          {` ${info.activity}`}
        </Text>
      ) : null}
    </Box>
  );
}
