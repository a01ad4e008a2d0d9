import type { Key } from 'ink';
import type { EditKey } from './line-editor.js';

/**
 * Keys → commands, for each mode of the UI. Pure: the hook that listens to the terminal only
 * carries the commands out.
 */
export type KeyMode = 'prompt' | 'confirm' | 'replay';

export type KeyCommand =
  | { kind: 'interrupt' }
  | { kind: 'estop' }
  | { kind: 'escape' }
  | { kind: 'submit' }
  | { kind: 'togglePanel' }
  | { kind: 'complete' }
  | { kind: 'toggleExpand' }
  | { kind: 'scroll'; by: number }
  | { kind: 'approve' }
  | { kind: 'deny' }
  | { kind: 'select'; by: number }
  | { kind: 'speed'; factor: number }
  | { kind: 'pause' }
  | { kind: 'edit'; key: EditKey }
  | { kind: 'none' };

/** The e-stop key, as shown on screen. */
export const ESTOP_KEY = 'Ctrl-X';

export function bindKey(input: string, key: Key, mode: KeyMode): KeyCommand {
  if (key.ctrl && input === 'c') return { kind: 'interrupt' };
  if (key.ctrl && input === 'x') return { kind: 'estop' };
  if (key.escape) return { kind: 'escape' };
  // As in Claude Code: Ctrl-O shows every tool result in full, and again one line each.
  if (key.ctrl && input === 'o') return { kind: 'toggleExpand' };
  if (key.pageUp) return { kind: 'scroll', by: 10 };
  if (key.pageDown) return { kind: 'scroll', by: -10 };
  if (mode === 'confirm') {
    if (key.return) return { kind: 'submit' };
    if (/^y$/i.test(input)) return { kind: 'approve' };
    if (/^n$/i.test(input)) return { kind: 'deny' };
    if (key.leftArrow || key.upArrow || (key.tab && key.shift)) return { kind: 'select', by: -1 };
    if (key.rightArrow || key.downArrow || key.tab) return { kind: 'select', by: 1 };
    return { kind: 'none' };
  }
  // In the prompt Tab completes a slash command; the controller switches map/camera otherwise.
  if (key.tab) return mode === 'prompt' ? { kind: 'complete' } : { kind: 'togglePanel' };
  if (mode === 'replay') {
    if (input === '+' || input === '=' || input === ']') return { kind: 'speed', factor: 2 };
    if (input === '-' || input === '_' || input === '[') return { kind: 'speed', factor: 0.5 };
    if (input === ' ' || input === 'p') return { kind: 'pause' };
    return { kind: 'none' };
  }
  if (key.return) return { kind: 'submit' };
  const edit = editKey(input, key);
  return edit ? { kind: 'edit', key: edit } : { kind: 'none' };
}

function editKey(input: string, key: Key): EditKey | null {
  if (key.upArrow) return { kind: 'up' };
  if (key.downArrow) return { kind: 'down' };
  if (key.leftArrow) return { kind: 'left' };
  if (key.rightArrow) return { kind: 'right' };
  if (key.home || (key.ctrl && input === 'a')) return { kind: 'home' };
  if (key.end || (key.ctrl && input === 'e')) return { kind: 'end' };
  // Most terminals send DEL (0x7f) for Backspace, which Ink reports as `delete`.
  if (key.backspace || key.delete) return { kind: 'backspace' };
  if (key.ctrl && input === 'd') return { kind: 'delete' };
  if (key.ctrl && input === 'u') return { kind: 'clear' };
  if (key.ctrl && input === 'w') return { kind: 'deleteWord' };
  if (key.ctrl || key.meta || !input) return null;
  return { kind: 'insert', text: input };
}
