import { MissionSession } from '../../runtime/mission-session.js';
import { colorDepthOf } from '../../tui/ansi.js';
import { UserError, writeLine, type CliIo } from '../io.js';
import { releaseSessionConfig, sessionConfigFrom, type MissionFlags } from '../session-options.js';
import { PROGRAM_VERSION } from '../version.js';
import type { TranscriptState } from '../../tui/transcript.js';

/** The mission options `run` takes, minus one-shot output choices; recording is on or off. */
export interface TuiOptions extends MissionFlags {
  /** --record-dir; else the config's recordDir, else the per-user state folder. */
  recordDir?: string;
  /** false for --no-record. */
  record: boolean;
}

/*
 * The UI draws on the alternate screen, and when it ends the conversation is printed as plain text
 * onto the normal screen, so it stays in the terminal's scrollback. Claude Code instead draws on the
 * normal screen and hands finished entries to Ink's <Static>, which prints them once above the live
 * area; that suits a single column, but this UI is a full-height frame with the map and camera
 * beside the conversation, which Static output (full width, above the frame) cannot sit next to,
 * and a frame as tall as the terminal redrawn on the normal screen would push copies of itself into
 * the scrollback. So: a clean full-screen frame while it runs, the transcript left behind after.
 */
const ALT_SCREEN_ON = '\x1b[?1049h\x1b[H';
const ALT_SCREEN_OFF = '\x1b[?1049l';
// Not ESC[3J as well: the alternate screen has no scrollback of its own, and some terminals would
// erase the normal screen's, the person's earlier work and the transcripts of earlier sessions.
const CLEAR_SCREEN = '\x1b[2J\x1b[H';

/** `robot-agent tui` (and `robot-agent` alone on a terminal): the interactive session. */
export async function runTui(io: CliIo, opts: TuiOptions): Promise<number> {
  const { stdout, stdin } = io;
  if (!stdout.isTTY || !stdin?.isTTY) throw new UserError('the interactive UI needs a terminal on stdin and stdout; in scripts use robot-agent run "<mission>"', 2);
  // React's development build costs many times more per render: with NODE_ENV=development or test
  // left in a shell, a 12-view scan took a minute instead of a second. That setting is meant for the
  // person's own projects, not for this program's UI, so the production build is always loaded
  // (ink and react are loaded here for the first time).
  process.env.NODE_ENV = 'production';
  const [{ render }, { createElement }, { App }, { transcriptText }] = await Promise.all([
    import('ink'),
    import('react'),
    import('../../tui/app.js'),
    import('../../tui/transcript-text.js'),
  ]);
  const config = await sessionConfigFrom(io, opts, opts.record && { dir: opts.recordDir });
  const session = await MissionSession.open(config).catch(async (e: unknown) => {
    await releaseSessionConfig(config);
    throw e;
  });

  let transcript: TranscriptState | null = null;
  // Signals (not keys: in raw mode Ctrl-C is a key) end the session the same clean way.
  let onSignal: () => void = () => undefined;
  const onResize = () => stdout.write(CLEAR_SCREEN);
  try {
    stdout.write(ALT_SCREEN_ON);
    // A resized terminal reflows what is on it; start from a blank screen and let Ink draw it all again.
    stdout.on('resize', onResize);
    const ink = render(createElement(App, { session, version: PROGRAM_VERSION, depth: colorDepthOf(stdout as NodeJS.WriteStream, io.env), onTranscript: (t: TranscriptState) => void (transcript = t) }), {
      stdout: stdout as NodeJS.WriteStream,
      stdin: stdin as NodeJS.ReadStream,
      stderr: io.stderr as NodeJS.WriteStream,
      exitOnCtrlC: false,
      maxFps: 30,
    });
    onSignal = () => ink.unmount();
    for (const s of ['SIGTERM', 'SIGHUP', 'SIGINT'] as const) process.on(s, onSignal);
    await ink.waitUntilExit();
  } finally {
    for (const s of ['SIGTERM', 'SIGHUP', 'SIGINT'] as const) process.off(s, onSignal);
    stdout.off('resize', onResize);
    stdout.write(ALT_SCREEN_OFF);
    for (const line of transcript ? transcriptText(transcript, stdout.columns || 80) : []) writeLine(stdout, line);
    try {
      await session.close();
    } finally {
      await releaseSessionConfig(config); // a ROS robot stopped and left, --ros-config's goals cancelled
    }
  }
  const { recordings, recordDir } = session.getState();
  writeLine(stdout, `robot-agent: session ended; the robot is stopped${recordDir ? `; ${recordings.length} mission(s) recorded in ${recordDir}` : ''}`);
  return 0;
}
