import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { bindKey } from '../../src/tui/key-bindings.js';
import { editLine, emptyEditor, submitLine, type EditKey } from '../../src/tui/line-editor.js';
import { parseSlash } from '../../src/tui/slash-commands.js';

const type = (text: string, ...keys: EditKey[]) => keys.reduce(editLine, editLine(emptyEditor, { kind: 'insert', text }));
const key = (k: Partial<Key> = {}): Key => ({ upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false, ...k }) as Key;

describe('the line editor', () => {
  it('inserts at the cursor, deletes, moves and clears', () => {
    expect(type('go to bin', { kind: 'left' }, { kind: 'left' }, { kind: 'left' }, { kind: 'backspace' }).text).toBe('go tobin');
    expect(type('abc', { kind: 'home' }, { kind: 'delete' })).toMatchObject({ text: 'bc', cursor: 0 });
    expect(type('go to bin a', { kind: 'deleteWord' }).text).toBe('go to bin ');
    expect(type('x', { kind: 'clear' })).toMatchObject({ text: '', cursor: 0 });
    expect(type('a\tb\x07').text).toBe('a b');
  });

  it('recalls earlier instructions with Up/Down and restores the draft', () => {
    let s = emptyEditor;
    for (const line of ['go to bin a', 'charge', 'charge']) s = submitLine(editLine(s, { kind: 'insert', text: line })).state;
    expect(s.history).toEqual(['go to bin a', 'charge']);
    s = editLine(s, { kind: 'insert', text: 'dra' });
    s = editLine(s, { kind: 'up' });
    expect(s.text).toBe('charge');
    s = editLine(s, { kind: 'up' });
    expect(s.text).toBe('go to bin a');
    expect(editLine(s, { kind: 'up' }).text).toBe('go to bin a');
    s = editLine(editLine(s, { kind: 'down' }), { kind: 'down' });
    expect(s).toMatchObject({ text: 'dra', recall: null });
  });
});

describe('key bindings', () => {
  it('maps the global keys in every mode', () => {
    for (const mode of ['prompt', 'confirm', 'replay'] as const) {
      expect(bindKey('c', key({ ctrl: true }), mode)).toEqual({ kind: 'interrupt' });
      expect(bindKey('x', key({ ctrl: true }), mode)).toEqual({ kind: 'estop' });
      expect(bindKey('', key({ escape: true, meta: true }), mode)).toEqual({ kind: 'escape' });
    }
  });

  it('edits in the prompt, chooses in the dialog, and controls playback in replay', () => {
    expect(bindKey('g', key(), 'prompt')).toEqual({ kind: 'edit', key: { kind: 'insert', text: 'g' } });
    expect(bindKey('', key({ delete: true }), 'prompt')).toEqual({ kind: 'edit', key: { kind: 'backspace' } });
    expect(bindKey('', key({ upArrow: true }), 'prompt')).toEqual({ kind: 'edit', key: { kind: 'up' } });
    expect(bindKey('', key({ return: true }), 'prompt')).toEqual({ kind: 'submit' });
    expect(bindKey('', key({ tab: true }), 'prompt')).toEqual({ kind: 'complete' });
    expect(bindKey('', key({ tab: true }), 'replay')).toEqual({ kind: 'togglePanel' });
    expect(bindKey('y', key(), 'confirm')).toEqual({ kind: 'approve' });
    expect(bindKey('n', key(), 'confirm')).toEqual({ kind: 'deny' });
    expect(bindKey('g', key(), 'confirm')).toEqual({ kind: 'none' });
    expect(bindKey('', key({ rightArrow: true }), 'confirm')).toEqual({ kind: 'select', by: 1 });
    expect(bindKey('+', key(), 'replay')).toEqual({ kind: 'speed', factor: 2 });
    expect(bindKey('-', key(), 'replay')).toEqual({ kind: 'speed', factor: 0.5 });
    expect(bindKey(' ', key(), 'replay')).toEqual({ kind: 'pause' });
  });
});

describe('slash commands', () => {
  it('parses each command and reports mistakes', () => {
    expect(parseSlash('go to bin a')).toBeNull();
    expect(parseSlash('/status')).toEqual({ kind: 'status' });
    expect(parseSlash('/scenario twins')).toEqual({ kind: 'scenario', name: 'twins' });
    expect(parseSlash('/scenario')).toEqual({ kind: 'scenario' });
    expect(parseSlash('/replay a.jsonl 4')).toEqual({ kind: 'replay', file: 'a.jsonl', speed: 4 });
    expect(parseSlash('/replay my file.jsonl')).toEqual({ kind: 'replay', file: 'my file.jsonl' });
    expect(parseSlash('/replay')).toMatchObject({ kind: 'error' });
    expect(parseSlash('/provider anthropic claude-haiku-4-5')).toEqual({ kind: 'provider', provider: 'anthropic', model: 'claude-haiku-4-5' });
    expect(parseSlash('/provider gpt')).toMatchObject({ kind: 'error', message: expect.stringMatching(/planner or anthropic/) });
    expect(parseSlash('/quit')).toEqual({ kind: 'quit' });
    expect(parseSlash('/fly')).toMatchObject({ kind: 'error', message: expect.stringMatching(/\/help/) });
  });
});
