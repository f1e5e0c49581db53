import { useEffect, useRef } from 'react';

const MARK = 'captureCamera';

/**
 * Spec §2: the browser's Back button closes the in-app camera. Opening pushes a history entry of
 * the same URL (the router's own state kept, so it sees no navigation); Back pops it and closes;
 * closing otherwise takes the entry back off, so history stays as it was.
 */
export function useCameraBackButton(open: boolean, close: () => void): void {
  const onClose = useRef(close);
  onClose.current = close;
  useEffect(() => {
    if (!open) return;
    window.history.pushState({ ...window.history.state, [MARK]: true }, '');
    const onPop = () => onClose.current();
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (window.history.state?.[MARK]) window.history.back();
    };
  }, [open]);
}
