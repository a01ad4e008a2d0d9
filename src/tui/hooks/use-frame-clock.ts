import { useEffect, useState } from 'react';

/**
 * The screen's pace: while something moves (a mission, a playback) the UI redraws `fps` times a
 * second, driven by this one clock (spinner and robot state alike); when idle it draws only on
 * events. Returns the frame count.
 */
export function useFrameClock(active: boolean, fps: number): number {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setFrame((f) => f + 1), 1000 / fps);
    return () => clearInterval(timer);
  }, [active, fps]);
  return frame;
}
