import { Box, Text } from 'ink';
import type { RobotView } from '../robot-view.js';
import { percentDone } from '../../core/progress.js';
import { batteryColor, ProgressBar } from './progress-bar.js';
import { RobotStateBadge } from './robot-state-badge.js';

/** The full status panel: state, safety, pose, battery, held object, current operation. */
export function StatusPanel({ view, width }: { view: RobotView; width: number }) {
  const inner = width - 4;
  const bar = Math.max(6, Math.min(24, inner - 15));
  const opBar = Math.max(6, Math.min(16, inner - 30));
  const deg = Math.round((view.pose.heading * 180) / Math.PI);
  const op = view.operation;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="gray" width={width} paddingX={1}>
      <Box justifyContent="space-between">
        <RobotStateBadge state={view.state} armed={view.armed} estopped={view.estopped} />
        <Text dimColor>t={view.simTime.toFixed(1)} s</Text>
      </Box>
      <Text wrap="truncate-end">
        pose ({view.pose.x.toFixed(2)}, {view.pose.y.toFixed(2)}) {deg}°{view.zone ? `  in ${view.zone}` : ''}
      </Text>
      <Text wrap="truncate-end">
        battery <ProgressBar fraction={view.battery} width={bar} color={batteryColor(view.battery)} /> {percentDone(view.battery)}%
        {view.charging ? <Text color="yellow"> ⚡</Text> : null}
      </Text>
      <Text wrap="truncate-end">holding {view.holding ?? <Text dimColor>nothing</Text>}</Text>
      {op ? (
        <Text wrap="truncate-end">
          {op.kind} <ProgressBar fraction={op.progress} width={opBar} color="cyan" /> {percentDone(op.progress)}% <Text dimColor>{op.message}</Text>
        </Text>
      ) : (
        <Text dimColor>no operation running</Text>
      )}
    </Box>
  );
}
