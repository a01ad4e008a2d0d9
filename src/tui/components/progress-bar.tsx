import { Text } from 'ink';
import { filledCells } from '../../core/progress.js';

/** ▕████░░░░▏ with `fraction` (0..1) filled. */
export function ProgressBar({ fraction, width, color = 'green' }: { fraction: number; width: number; color?: string }) {
  const filled = filledCells(fraction, width);
  return (
    <Text>
      <Text color={color}>{'█'.repeat(filled)}</Text>
      <Text color="gray">{'░'.repeat(Math.max(0, width - filled))}</Text>
    </Text>
  );
}

export function batteryColor(battery: number): string {
  return battery < 0.2 ? 'red' : battery < 0.4 ? 'yellow' : 'green';
}
