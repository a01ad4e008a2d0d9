import { useEffect, useState } from 'react';

interface Resizable {
  columns?: number;
  rows?: number;
  on(event: 'resize', listener: () => void): unknown;
  off(event: 'resize', listener: () => void): unknown;
}

/** Columns and rows of the terminal, following resizes. */
export function useTerminalSize(stdout: Resizable, fallback = { columns: 100, rows: 30 }): { columns: number; rows: number } {
  const read = () => ({ columns: stdout.columns || fallback.columns, rows: stdout.rows || fallback.rows });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stdout]);
  return size;
}
