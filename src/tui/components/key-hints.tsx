import { Text } from 'ink';
import { ESTOP_KEY } from '../key-bindings.js';

/** `menuRunning`: the menu is open during a mission, where Esc cancels the mission, not the list. */
export type HintMode = 'idle' | 'running' | 'replay' | 'confirm' | 'menu' | 'menuRunning' | 'quitArmed';

/** The keys that matter now, on one line; the e-stop key is always shown. */
export function KeyHints({ mode, toggles }: { mode: HintMode; toggles: boolean }) {
  const estop = (
    <Text bold color="red">
      {ESTOP_KEY} E-STOP
    </Text>
  );
  if (mode === 'quitArmed') {
    return (
      <Text wrap="truncate-end">
        <Text bold color="yellow">
          Press Ctrl-C again to quit
        </Text>
        <Text dimColor> · any other key to stay · </Text>
        {estop}
      </Text>
    );
  }
  const keys: Record<Exclude<HintMode, 'quitArmed'>, string> = {
    idle: `Enter run · ↑↓ history · ${toggles ? 'Tab map/camera · ' : ''}/ commands · Ctrl-C twice quit`,
    running: `Esc cancel mission · ${toggles ? 'Tab map/camera · ' : ''}Ctrl-C cancel, twice quit`,
    replay: '+/- speed · space pause · Esc stop · Ctrl-C twice quit',
    confirm: 'y approve once · n deny · ←→ choose · Enter confirm',
    menu: '↑↓ choose · Tab complete · Enter run · Esc close the list',
    menuRunning: '↑↓ choose · Tab complete · Enter run · Esc cancel mission',
  };
  return (
    <Text wrap="truncate-end">
      {estop}
      <Text dimColor> · {keys[mode]}</Text>
    </Text>
  );
}
