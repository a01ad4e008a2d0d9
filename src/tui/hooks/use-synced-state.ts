import { useCallback, useRef, useState, type MutableRefObject } from 'react';

/**
 * State whose latest value is readable at once through a ref: key handlers may run twice before
 * React re-renders (fast typing, pastes, a double Ctrl-C), and must not act on a stale value.
 */
export function useSyncedState<T>(initial: T): [T, MutableRefObject<T>, (next: T | ((current: T) => T)) => void] {
  const [value, setValue] = useState(initial);
  const ref = useRef(initial);
  const set = useCallback((next: T | ((current: T) => T)) => {
    ref.current = typeof next === 'function' ? (next as (current: T) => T)(ref.current) : next;
    setValue(ref.current);
  }, []);
  return [value, ref, set];
}
