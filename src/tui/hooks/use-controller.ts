import { useApp, useInput } from 'ink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSyncedState } from './use-synced-state.js';
import { listScenarios } from '../../sim/scenario.js';
import { bindKey, type KeyCommand, type KeyMode } from '../key-bindings.js';
import type { SidePanel } from '../layout.js';
import { editLine, emptyEditor, submitLine, type EditorState } from '../line-editor.js';
import type { RobotView } from '../robot-view.js';
import type { MissionSession, SessionState } from '../../runtime/mission-session.js';
import { mcpLines } from '../mcp-lines.js';
import { answerToQuestion } from '../question-answer.js';
import { replayFileFor } from '../replay-last.js';
import { HELP_LINES, parseSlash, type SlashCommand } from '../slash-commands.js';
import { statusLines } from '../status-lines.js';
import type { TranscriptAction } from '../transcript.js';
import type { PlaybackControls } from './use-replay-playback.js';
import { useSlashMenu, type SlashMenu } from './use-slash-menu.js';
import { useTypeAhead } from './use-type-ahead.js';

export interface Controller {
  mode: KeyMode;
  editor: EditorState;
  panel: SidePanel;
  scroll: number;
  /** Highlighted option of the confirmation dialog: 0 approve once, 1 deny. */
  selected: number;
  /** Ctrl-C was pressed once: the next one quits. */
  quitArmed: boolean;
  /** The slash-command menu under the prompt. */
  menu: SlashMenu;
  /** Tool results in full (Ctrl-O) rather than one line each. */
  expanded: boolean;
  /** Instructions typed during a mission, waiting their turn. */
  queued: readonly string[];
}

interface Deps {
  session: MissionSession;
  state: SessionState;
  dispatch: (action: TranscriptAction) => void;
  replay: PlaybackControls;
  view: RobotView;
  /** Called instead of Ink's exit (tests). */
  onQuit?: () => void;
}

/**
 * What the keys and the prompt do: missions, slash commands, cancel, e-stop, the confirmation
 * dialog, replay controls, scrolling. Key decoding is `bindKey` (pure); this carries it out.
 */
export function useController({ session, state, dispatch, replay, view, onQuit }: Deps): Controller {
  const { exit } = useApp();
  const [editor, editorRef, setEditor] = useSyncedState<EditorState>(emptyEditor);
  const [panel, setPanel] = useState<SidePanel>('map');
  const [scroll, setScroll] = useState(0);
  const [selected, selectedRef, setSelected] = useSyncedState(1);
  const [quitArmed, quitArmedRef, setQuitArmed] = useSyncedState(false);
  const slashMenu = useSlashMenu({ editorRef, setEditor, submit: (e) => submit(e), recordDir: state.recordDir, recordingCount: state.recordings.length });
  const [expanded, setExpanded] = useState(false);
  const typeAhead = useTypeAhead(session, state.running, dispatch);
  // Through a ref: Ink re-registers the input handler in an effect, after the screen already shows
  // the new mode, and a key pressed in between (a '+' just as playback starts) must see it too.
  const playingRef = useRef(false);
  playingRef.current = replay.playback !== null && !replay.playback.done;
  const modeOf = (s: SessionState): KeyMode => (s.confirmation ? 'confirm' : playingRef.current ? 'replay' : 'prompt');
  const mode = modeOf(state);

  // Each confirmation starts on Deny: a reflexive Enter must not approve.
  useEffect(() => setSelected(1), [state.confirmation, setSelected]);

  const note = useCallback((text: string, level: 'info' | 'warning' | 'error' = 'info') => dispatch({ type: 'note', level, text }), [dispatch]);
  const quit = useCallback(() => (onQuit ? onQuit() : exit()), [onQuit, exit]);

  const runSlash = (cmd: SlashCommand) => {
    const state = session.getState();
    switch (cmd.kind) {
      case 'status':
        return statusLines(state, view).forEach((l) => note(l));
      case 'scenario':
        if (cmd.name) return void session.resetWorld(cmd.name);
        return [`scenario ${state.scenario} (seed ${state.seed}); /scenario NAME starts over in:`, ...listScenarios().map((s) => `  ${s.name.padEnd(12)} ${s.summary}`)].forEach((l) => note(l));
      case 'replay':
      {
        if (state.running) return note('a mission is running; wait for it or press Esc before playing a recording', 'warning');
        const chosen = replayFileFor(cmd.file, state.recordDir);
        if ('error' in chosen) return note(chosen.error, 'error');
        return replay.play(chosen.file, cmd.speed);
      }
      case 'provider':
        if (!cmd.provider) return note(`provider: ${state.provider}${state.model ? ` ${state.model}` : ''} — /provider planner, or /provider anthropic [MODEL] (needs ANTHROPIC_API_KEY)`);
        return session.setProvider({ provider: cmd.provider, ...(cmd.model ? { model: cmd.model } : {}) });
      case 'mcp':
        return mcpLines(state.runtime.hub).forEach((l) => note(l));
      case 'clear':
        return dispatch({ type: 'clear' });
      case 'help':
        return HELP_LINES.forEach((l) => note(l));
      case 'quit':
        return quit();
      case 'error':
        return note(cmd.message, 'error');
    }
  };

  const submit = (current = editorRef.current) => {
    const { state: next, line } = submitLine(current);
    setEditor(next);
    if (!line) return;
    setScroll(0);
    if (replay.playback) replay.stop(true);
    const slash = parseSlash(line);
    if (slash) return runSlash(slash);
    if (typeAhead.enqueueIfBusy(line)) return;
    // A number after a mission asked "which one?" is the answer: the instruction runs again with it.
    const answer = answerToQuestion(session.getState().question, line);
    if (answer && 'note' in answer) return note(answer.note, 'warning');
    void session.runMission(answer?.run ?? line);
  };

  const interrupt = () => {
    if (quitArmedRef.current) return quit();
    setQuitArmed(true);
    const state = session.getState();
    typeAhead.clear();
    if (state.confirmation || state.running) session.cancel();
    else if (playingRef.current) replay.stop();
    else setEditor((e) => editLine(e, { kind: 'clear' }));
  };

  const escape = () => {
    const state = session.getState();
    if (state.confirmation) return session.respond(false);
    if (playingRef.current) return replay.stop();
    if (state.running) {
      typeAhead.clear();
      return void session.cancel();
    }
    if (typeAhead.clear()) return;
    if (replay.playback) return replay.stop(true);
    setEditor((e) => editLine(e, { kind: 'clear' }));
  };

  /**
   * Text with a line break in one read: a paste, or keys typed faster than the program reads them
   * (a busy machine delivers "/mc" and Enter together). A terminal cannot tell the two apart, so
   * each line is handled as typed and then Enter pressed (the menu's choice, a queued mission);
   * text after the last break stays in the prompt.
   */
  const typedLines = (text: string) => {
    const lines = text.split(/\r\n|\r|\n/);
    const rest = lines.pop() ?? '';
    for (const line of lines) {
      setEditor((e) => editLine(e, { kind: 'insert', text: line }));
      const now = modeOf(session.getState());
      if (now === 'prompt' && slashMenu.handle({ kind: 'submit' })) continue;
      apply({ kind: 'submit' }, now);
    }
    if (rest) setEditor((e) => editLine(e, { kind: 'insert', text: rest }));
  };

  const apply = (cmd: KeyCommand, mode: KeyMode) => {
    switch (cmd.kind) {
      case 'interrupt':
        return interrupt();
      case 'estop':
        // Nothing queued may set off after an emergency stop (a mission could ask to release it).
        typeAhead.clear();
        return session.emergencyStop();
      case 'escape':
        return escape();
      case 'submit':
        if (mode === 'confirm') return session.respond(selectedRef.current === 0);
        return submit();
      case 'approve':
        return session.respond(true);
      case 'deny':
        return session.respond(false);
      case 'select':
        return setSelected((s) => (s + cmd.by + 2) % 2);
      case 'complete':
        // Tab the menu did not take: nothing to complete in a command, else the side panel.
        if (editorRef.current.text.startsWith('/')) return;
        return setPanel((p) => (p === 'map' ? 'camera' : 'map'));
      case 'togglePanel':
        return setPanel((p) => (p === 'map' ? 'camera' : 'map'));
      case 'toggleExpand':
        return setExpanded((e) => !e);
      case 'scroll':
        return setScroll((s) => Math.max(0, s + cmd.by));
      case 'speed':
        return replay.changeSpeed(cmd.factor);
      case 'pause':
        return replay.togglePause();
      case 'edit':
        if (cmd.key.kind === 'insert' && /[\r\n]/.test(cmd.key.text)) return typedLines(cmd.key.text);
        return setEditor((e) => editLine(e, cmd.key));
      case 'none':
        return;
    }
  };

  useInput((input, key) => {
    const now = modeOf(session.getState());
    const cmd = bindKey(input, key, now);
    if (cmd.kind !== 'interrupt' && cmd.kind !== 'none') setQuitArmed(false);
    // Esc stops a running mission even with the menu open: stopping the robot comes first.
    const stopsMission = cmd.kind === 'escape' && session.getState().running;
    if (now === 'prompt' && !stopsMission && slashMenu.handle(cmd)) return;
    apply(cmd, now);
  });

  const menu = mode === 'prompt' ? slashMenu.menu : { shown: null, selected: 0 };
  return { mode, editor, panel, scroll, selected, quitArmed, menu, expanded, queued: typeAhead.queued };
}
