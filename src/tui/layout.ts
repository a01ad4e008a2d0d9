/**
 * Where the panes go for a terminal size. Small terminals (80x24) get a two-line status strip,
 * the conversation and one side panel (Tab switches map / camera); large ones get a full status
 * panel with the map and the camera both shown.
 */
export type SidePanel = 'map' | 'camera';

export interface Box {
  width: number;
  height: number;
}

export interface Layout {
  cols: number;
  /** Lines the UI draws: one less than the terminal, so Ink never clears the whole screen. */
  height: number;
  status: 'panel' | 'strip';
  transcript: Box;
  /** The right-hand column, or null when the terminal is too narrow for one. */
  side: (Box & { statusHeight: number; panels: Array<Box & { kind: SidePanel }>; direction: 'column' | 'row' }) | null;
  /** Only one of map and camera fits: Tab chooses which. */
  toggles: boolean;
}

export const HEADER_ROWS = 1;
export const PROMPT_ROWS = 2;
export const STRIP_ROWS = 2;
export const STATUS_PANEL_ROWS = 8;
const MIN_PANEL_ROWS = 12;

export function layoutFor(cols: number, rows: number, shown: SidePanel = 'map', promptRows = PROMPT_ROWS): Layout {
  const height = Math.max(8, rows - 1);
  const wide = cols >= 110 && rows >= 30;
  const status = wide ? 'panel' : 'strip';
  const mainHeight = Math.max(3, height - HEADER_ROWS - promptRows - (status === 'strip' ? STRIP_ROWS : 0));
  const sideWidth = cols < 64 ? 0 : wide ? clamp(Math.round(cols * 0.45), 46, 120) : clamp(Math.round(cols * 0.45), 30, 44);
  if (!sideWidth) return { cols, height, status, transcript: { width: cols, height: mainHeight }, side: null, toggles: false };

  const statusHeight = status === 'panel' ? STATUS_PANEL_ROWS : 0;
  const panelsHeight = mainHeight - statusHeight;
  let panels: Array<Box & { kind: SidePanel }>;
  let direction: 'column' | 'row' = 'column';
  let toggles = false;
  if (wide && panelsHeight >= 2 * MIN_PANEL_ROWS) {
    const mapHeight = Math.ceil(panelsHeight / 2);
    panels = [
      { kind: 'map', width: sideWidth, height: mapHeight },
      { kind: 'camera', width: sideWidth, height: panelsHeight - mapHeight },
    ];
  } else if (wide && sideWidth >= 80) {
    direction = 'row';
    const mapWidth = Math.ceil(sideWidth / 2);
    panels = [
      { kind: 'map', width: mapWidth, height: panelsHeight },
      { kind: 'camera', width: sideWidth - mapWidth, height: panelsHeight },
    ];
  } else {
    toggles = true;
    panels = panelsHeight >= 5 ? [{ kind: shown, width: sideWidth, height: panelsHeight }] : [];
  }
  return {
    cols,
    height,
    status,
    transcript: { width: cols - sideWidth, height: mainHeight },
    side: { width: sideWidth, height: mainHeight, statusHeight, panels, direction },
    toggles,
  };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}
