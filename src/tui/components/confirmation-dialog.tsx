import { Box, Text } from 'ink';

export const CONFIRM_OPTIONS = ['Approve once', 'Deny'] as const;
export const CONFIRMATION_ROWS = 5;

/** A tool that needs a person's approval: approve this one call, or deny it. */
export function ConfirmationDialog({ name, args, selected, width }: { name: string; args: Record<string, unknown>; selected: number; width: number }) {
  const shownArgs = JSON.stringify(args);
  return (
    <Box flexDirection="column" borderStyle="double" borderColor="yellow" width={width} paddingX={1}>
      <Text wrap="truncate-end">
        <Text bold color="yellow">
          ⚠ Allow {name}
        </Text>
        {shownArgs !== '{}' ? <Text dimColor> {shownArgs}</Text> : null}
        <Text>? This tool needs your confirmation.</Text>
      </Text>
      <Box gap={2}>
        {CONFIRM_OPTIONS.map((label, i) => (
          <Text key={label} inverse={i === selected} bold={i === selected} color={i === 0 ? 'green' : 'red'}>
            {` ${label} `}
          </Text>
        ))}
      </Box>
      <Text dimColor wrap="truncate-end">
        y approve once · n deny · ←→ choose · Enter confirm · Esc deny
      </Text>
    </Box>
  );
}
