import { useMemo, useRef, type MutableRefObject } from 'react';
import { listRecordings } from '../../replay/recording-index.js';
import { listScenarios } from '../../sim/scenario.js';
import { acceptSuggestion, suggestionsFor, type CompletionSources, type Suggestions } from '../completion.js';
import type { KeyCommand } from '../key-bindings.js';
import type { EditorState } from '../line-editor.js';
import { useSyncedState } from './use-synced-state.js';

export interface SlashMenu {
  /** The suggestions shown under the prompt, or null when the menu is closed. */
  shown: Suggestions | null;
  selected: number;
}

export interface SlashMenuControls {
  menu: SlashMenu;
  /** Carries out a key if the menu (or completion) takes it; false leaves it to the prompt. */
  handle(cmd: KeyCommand): boolean;
}

interface Deps {
  editorRef: MutableRefObject<EditorState>;
  setEditor: (next: EditorState | ((current: EditorState) => EditorState)) => void;
  /** Runs the line in the editor as Enter does. */
  submit: (editor: EditorState) => void;
  recordDir: string | null;
  /** Changes when a new recording is made, so the folder is read again. */
  recordingCount: number;
}

/**
 * The command menu under the prompt, as in Claude Code: typing `/` lists the commands with a
 * line each, narrowed as you type; after a command, its argument's choices. ↑/↓ choose, Tab
 * completes the chosen one, Enter runs it (or completes it when it still needs an argument), Esc
 * closes the menu until the line changes.
 */
export function useSlashMenu({ editorRef, setEditor, submit, recordDir, recordingCount }: Deps): SlashMenuControls {
  // Which line the highlighted row belongs to: a changed line starts again at the top.
  const [, choiceRef, setChoice] = useSyncedState({ line: '', index: 0, dismissed: false });
  const sources = useCompletionSources(recordDir, recordingCount);
  const cache = useRef<{ line: string; sources: CompletionSources | null; found: Suggestions | null }>({ line: '', sources: null, found: null });

  const shownFor = (editor: EditorState): Suggestions | null => {
    if (editor.cursor !== editor.text.length) return null;
    if (cache.current.line !== editor.text || cache.current.sources !== sources) cache.current = { line: editor.text, sources, found: suggestionsFor(editor.text, sources) };
    const found = cache.current.found;
    const c = choiceRef.current;
    return found?.items.length && !(c.dismissed && c.line === editor.text) ? found : null;
  };
  const indexFor = (line: string) => (choiceRef.current.line === line ? choiceRef.current.index : 0);

  const handle = (cmd: KeyCommand): boolean => {
    const editor = editorRef.current;
    const shown = shownFor(editor);
    if (!shown) return false;
    const index = Math.min(indexFor(editor.text), shown.items.length - 1);
    const item = shown.items[index]!;
    const accepted = (): EditorState => {
      const text = acceptSuggestion(editor.text, shown, item);
      return { ...editor, text, cursor: text.length, recall: null };
    };
    switch (cmd.kind) {
      case 'edit':
        if (cmd.key.kind !== 'up' && cmd.key.kind !== 'down') return false;
        setChoice({ line: editor.text, index: (index + (cmd.key.kind === 'up' ? -1 : 1) + shown.items.length) % shown.items.length, dismissed: false });
        return true;
      case 'complete':
        setEditor(accepted());
        return true;
      case 'submit':
        // A command that needs its argument, or a folder, is completed; anything else runs.
        if (item.continues) setEditor(accepted());
        else submit(accepted());
        return true;
      case 'escape':
        setChoice({ line: editor.text, index, dismissed: true });
        return true;
      default:
        return false;
    }
  };

  const editor = editorRef.current;
  const shown = shownFor(editor);
  return { menu: { shown, selected: shown ? Math.min(indexFor(editor.text), shown.items.length - 1) : 0 }, handle };
}

/**
 * How many of the newest recordings `/replay ` searches (by file name or instruction): the folder
 * is read while the person types, so only these are opened (and each only once while unchanged).
 */
const RECORDINGS_SEARCHED = 200;

/** The scenarios (read once) and the recordings folder (read when asked, again after each new recording). */
function useCompletionSources(recordDir: string | null, recordingCount: number): CompletionSources {
  const scenarios = useMemo(() => {
    let list: Array<{ name: string; summary: string }> | undefined;
    return () => (list ??= listScenarios().map((s) => ({ name: s.name, summary: s.summary })));
  }, []);
  return useMemo(() => {
    let recordings: ReturnType<typeof listRecordings> | undefined;
    void recordingCount; // a new recording makes the folder worth reading again
    return {
      scenarios,
      recordings: () => (recordings ??= recordDir ? safeList(recordDir) : []),
      cwd: process.cwd(),
    };
  }, [scenarios, recordDir, recordingCount]);
}

function safeList(dir: string): ReturnType<typeof listRecordings> {
  try {
    return listRecordings(dir, RECORDINGS_SEARCHED);
  } catch {
    return []; // an unreadable folder offers nothing; /replay itself says what is wrong
  }
}
