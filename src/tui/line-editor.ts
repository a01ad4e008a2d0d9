/**
 * The prompt's line editing and instruction history, as a pure state machine over key presses.
 */
export interface EditorState {
  text: string;
  /** Insertion point, 0..text.length. */
  cursor: number;
  /** Earlier submitted lines, oldest first. */
  history: string[];
  /** Position while recalling with Up/Down; null when editing a fresh line. */
  recall: number | null;
  /** The unsent line kept while recalling. */
  draft: string;
}

export type EditKey =
  | { kind: 'insert'; text: string }
  | { kind: 'backspace' }
  | { kind: 'delete' }
  | { kind: 'left' }
  | { kind: 'right' }
  | { kind: 'home' }
  | { kind: 'end' }
  | { kind: 'clear' }
  | { kind: 'deleteWord' }
  | { kind: 'up' }
  | { kind: 'down' };

export const emptyEditor: EditorState = { text: '', cursor: 0, history: [], recall: null, draft: '' };

const MAX_HISTORY = 200;

export function editLine(s: EditorState, key: EditKey): EditorState {
  switch (key.kind) {
    case 'insert': {
      const clean = key.text.replace(/[\r\n\t]+/g, ' ').replace(/[\x00-\x1f\x7f]/g, '');
      if (!clean) return s;
      return { ...s, text: s.text.slice(0, s.cursor) + clean + s.text.slice(s.cursor), cursor: s.cursor + clean.length, recall: null };
    }
    case 'backspace':
      return s.cursor === 0 ? s : { ...s, text: s.text.slice(0, s.cursor - 1) + s.text.slice(s.cursor), cursor: s.cursor - 1 };
    case 'delete':
      return s.cursor >= s.text.length ? s : { ...s, text: s.text.slice(0, s.cursor) + s.text.slice(s.cursor + 1) };
    case 'left':
      return { ...s, cursor: Math.max(0, s.cursor - 1) };
    case 'right':
      return { ...s, cursor: Math.min(s.text.length, s.cursor + 1) };
    case 'home':
      return { ...s, cursor: 0 };
    case 'end':
      return { ...s, cursor: s.text.length };
    case 'clear':
      return { ...s, text: '', cursor: 0, recall: null };
    case 'deleteWord': {
      const before = s.text.slice(0, s.cursor).replace(/\S+\s*$/, '');
      return { ...s, text: before + s.text.slice(s.cursor), cursor: before.length };
    }
    case 'up': {
      if (!s.history.length) return s;
      const at = s.recall === null ? s.history.length - 1 : Math.max(0, s.recall - 1);
      const text = s.history[at]!;
      return { ...s, recall: at, draft: s.recall === null ? s.text : s.draft, text, cursor: text.length };
    }
    case 'down': {
      if (s.recall === null) return s;
      if (s.recall >= s.history.length - 1) return { ...s, recall: null, text: s.draft, cursor: s.draft.length };
      const text = s.history[s.recall + 1]!;
      return { ...s, recall: s.recall + 1, text, cursor: text.length };
    }
  }
}

/** Takes the line out of the editor and remembers it (a repeat of the last line is kept once). */
export function submitLine(s: EditorState): { state: EditorState; line: string } {
  const line = s.text.trim();
  const history = line && s.history.at(-1) !== line ? [...s.history, line].slice(-MAX_HISTORY) : s.history;
  return { state: { ...emptyEditor, history }, line };
}
