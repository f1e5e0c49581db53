import { useCallback, useEffect, useRef } from 'react';

/**
 * `fn` at most once per `ms`: the first call runs at once, later ones within the window collapse
 * into one trailing call, so the last scroll position is always looked at.
 */
export function useThrottled(fn: () => void, ms: number): () => void {
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      latest.current();
    } else if (timer.current === undefined) {
      timer.current = setTimeout(() => {
        timer.current = undefined;
        last.current = Date.now();
        latest.current();
      }, wait);
    }
  }, [ms]);
}
