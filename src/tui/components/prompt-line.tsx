import { Text } from 'ink';
import type { EditorState } from '../line-editor.js';

/** What starts the input line (the command menu's chosen row has its own mark, so the two are told apart). */
export const PROMPT_MARK = '› ';

/** The input line with its cursor; a hint in place of the text while it is empty. */
export function PromptLine({ editor, hint, focused = true }: { editor: EditorState; hint: string; focused?: boolean }) {
  const { text, cursor } = editor;
  const at = text[cursor] ?? ' ';
  return (
    <Text wrap="truncate-start">
      <Text color="cyan" bold>
        {PROMPT_MARK}
      </Text>
      {text.slice(0, cursor)}
      {focused ? <Text inverse>{at}</Text> : at}
      {text.slice(cursor + 1)}
      {!text && hint ? <Text dimColor>{hint}</Text> : null}
    </Text>
  );
}
