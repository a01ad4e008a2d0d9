import { Box, Text } from 'ink';
import type { RobotView } from '../robot-view.js';
import { percentDone } from '../../core/progress.js';
import { batteryColor, ProgressBar } from './progress-bar.js';
import { RobotStateBadge } from './robot-state-badge.js';

/** The status panel folded into two lines, for small terminals. */
export function StatusStrip({ view, width }: { view: RobotView; width: number }) {
  const deg = Math.round((view.pose.heading * 180) / Math.PI);
  const op = view.operation;
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate-end">
        <RobotStateBadge state={view.state} armed={view.armed} estopped={view.estopped} />
        {` · (${view.pose.x.toFixed(2)}, ${view.pose.y.toFixed(2)}) ${deg}°${view.zone ? ` ${view.zone}` : ''} · bat `}
        <ProgressBar fraction={view.battery} width={8} color={batteryColor(view.battery)} />
        {` ${percentDone(view.battery)}%${view.charging ? ' ⚡' : ''} · holding ${view.holding ?? 'nothing'}`}
      </Text>
      {op ? (
        <Text wrap="truncate-end">
          {`${op.kind} `}
          <ProgressBar fraction={op.progress} width={12} color="cyan" />
          {` ${percentDone(op.progress)}% `}
          <Text dimColor>{op.message}</Text>
        </Text>
      ) : (
        <Text dimColor wrap="truncate-end">
          no operation running · robot clock {view.simTime.toFixed(1)} s
        </Text>
      )}
    </Box>
  );
}
