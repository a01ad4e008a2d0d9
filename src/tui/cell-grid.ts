import { bg as bgCode, fg as fgCode, RESET, type ColorDepth, type Rgb } from './ansi.js';

/** One character cell of a raster: a glyph with optional colours. */
export interface Cell {
  ch: string;
  fg?: Rgb;
  bg?: Rgb;
  bold?: boolean;
}

/** A fixed-size grid of cells the map and camera draw into, turned into one string per row. */
export class CellGrid {
  private readonly cells: Cell[];

  constructor(
    readonly cols: number,
    readonly rows: number,
    fill: Cell = { ch: ' ' },
  ) {
    this.cells = Array.from({ length: cols * rows }, () => ({ ...fill }));
  }

  get(col: number, row: number): Cell | undefined {
    return this.inside(col, row) ? this.cells[row * this.cols + col] : undefined;
  }

  set(col: number, row: number, cell: Partial<Cell>): void {
    if (!this.inside(col, row)) return;
    const i = row * this.cols + col;
    this.cells[i] = { ...this.cells[i]!, ...cell };
  }

  /** Writes text from (col, row) rightwards, clipped at the edge. */
  text(col: number, row: number, text: string, style: Omit<Cell, 'ch'> = {}): void {
    [...text].forEach((ch, i) => this.set(col + i, row, { ch, ...style }));
  }

  /** Each row as a string, colours merged into as few escapes as possible. */
  lines(depth: ColorDepth): string[] {
    const out: string[] = [];
    for (let r = 0; r < this.rows; r++) {
      let line = '';
      let open = '';
      for (let c = 0; c < this.cols; c++) {
        const cell = this.cells[r * this.cols + c]!;
        const code = depth === 1 ? '' : `${cell.bold ? '\x1b[1m' : ''}${cell.fg ? fgCode(cell.fg, depth) : ''}${cell.bg ? bgCode(cell.bg, depth) : ''}`;
        if (code !== open) {
          if (open) line += RESET;
          line += code;
          open = code;
        }
        line += cell.ch;
      }
      out.push(open ? line + RESET : line);
    }
    return out;
  }

  private inside(col: number, row: number): boolean {
    return col >= 0 && row >= 0 && col < this.cols && row < this.rows && Number.isInteger(col) && Number.isInteger(row);
  }
}
