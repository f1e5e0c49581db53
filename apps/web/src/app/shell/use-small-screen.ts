import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from './menu-logic.ts';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** True at or below the 1024 px breakpoint (spec §9), following window resizes. */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mq = window.matchMedia(QUERY);
      mq.addEventListener('change', notify);
      return () => mq.removeEventListener('change', notify);
    },
    () => window.matchMedia(QUERY).matches,
  );
}
