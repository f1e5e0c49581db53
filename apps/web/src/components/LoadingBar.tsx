import { useEffect, useState } from 'react';
import { sk } from '../i18n/sk.ts';

/** Spec §9: the bar rises 10 points per second up to 100 (one point every 100 ms). */
export const LOADING_BAR_STEP_MS = 100;

/** The top progress bar: the Suspense fallback while a lazily loaded screen loads. */
export function LoadingBar() {
  const [value, setValue] = useState(0);
  useEffect(() => {
    // From the clock, not from counting ticks: a busy phone fires timers late, and the bar must
    // still say how long the screen has been loading.
    const start = performance.now();
    const timer = setInterval(() => {
      const next = Math.min(100, Math.floor((performance.now() - start) / LOADING_BAR_STEP_MS));
      setValue(next);
      if (next >= 100) clearInterval(timer);
    }, LOADING_BAR_STEP_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-label={sk.loadingBar}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className="loading-bar-fill" style={{ width: `${value}%` }} />
    </div>
  );
}
