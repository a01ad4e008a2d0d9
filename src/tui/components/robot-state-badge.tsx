import { Text } from 'ink';

const STATE_COLOR: Record<string, string> = { IDLE: 'green', NAVIGATING: 'cyan', SENSING: 'cyan', MANIPULATING: 'magenta', CHARGING: 'yellow', ERROR: 'red', ESTOPPED: 'red' };

/** The robot's state, and whether it may move: armed, disarmed, or the latched emergency stop. */
export function RobotStateBadge({ state, armed, estopped }: { state: string; armed: boolean; estopped: boolean }) {
  return (
    <Text>
      <Text bold color={STATE_COLOR[state] ?? 'white'}>
        {state}
      </Text>
      <Text> · </Text>
      {estopped ? (
        <Text bold inverse color="red">
          {' E-STOP '}
        </Text>
      ) : (
        <Text color={armed ? 'yellow' : 'gray'}>{armed ? 'armed' : 'disarmed'}</Text>
      )}
    </Text>
  );
}
