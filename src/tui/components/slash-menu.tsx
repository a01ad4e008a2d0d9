import { Box, Text } from 'ink';
import type { Suggestions } from '../completion.js';

/** Marks the chosen row: not the prompt's `›`, which a chosen `/scenario` row would otherwise look like. */
export const CHOSEN_MARK = '▸ ';

/** How many rows the menu takes: all its items up to a limit that leaves the conversation room. */
export function slashMenuRows(shown: Suggestions | null, terminalRows: number): number {
  if (!shown) return 0;
  return Math.min(shown.items.length, terminalRows >= 30 ? 8 : 5);
}

/**
 * The suggestions under the prompt, one a line: the command (or argument) and what it does, the
 * chosen one highlighted; a window that follows the choice when there are more than fit.
 */
export function SlashMenu({ shown, selected, rows, width }: { shown: Suggestions; selected: number; rows: number; width: number }) {
  const top = Math.max(0, Math.min(selected - rows + 1, shown.items.length - rows));
  const visible = shown.items.slice(top, top + rows);
  const labelWidth = Math.min(Math.max(...visible.map((i) => (i.label ?? i.value).length)) + 2, Math.max(12, Math.floor(width * 0.4)));
  const more = shown.items.length - rows;
  return (
    <Box flexDirection="column" width={width}>
      {visible.map((item, i) => {
        const at = top + i === selected;
        const label = item.label ?? item.value;
        const count = i === visible.length - 1 && more > 0 ? ` (${top + i + 1}/${shown.items.length})` : '';
        return (
          <Text key={`${top + i}`} wrap="truncate-end">
            <Text color={at ? 'cyan' : undefined} bold={at}>
              {at ? CHOSEN_MARK : '  '}
              {fit(label, labelWidth)}
            </Text>
            <Text dimColor={!at}>
              {item.description}
              {count}
            </Text>
          </Text>
        );
      })}
    </Box>
  );
}

/** `text` padded to `width`, or cut with an ellipsis so the description still starts in its column. */
function fit(text: string, width: number): string {
  return text.length < width ? text.padEnd(width) : `${text.slice(0, Math.max(0, width - 2))}… `;
}
