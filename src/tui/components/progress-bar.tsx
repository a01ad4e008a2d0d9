import { Text } from 'ink';

/** ▕████░░░░▏ with `fraction` (0..1) filled. */
export function ProgressBar({ fraction, width, color = 'green' }: { fraction: number; width: number; color?: string }) {
  const f = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  const filled = Math.round(f * width);
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
