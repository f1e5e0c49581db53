import { useEffect, useState } from 'react';
import { sk } from '../i18n/sk.ts';

/** Spec §9: the bar rises 10 points per second up to 100 (one point every 100 ms). */
export const LOADING_BAR_STEP_MS = 100;

/**
 * The loading the bars on screen show. Opening a screen can show two bars in a row (the shell's
 * chunk, then the screen's, handed over in one render): the second carries on from the first
 * instead of dropping back to 0, so the user sees one loading that keeps rising.
 */
const loading = { start: 0, mounted: 0, endedAt: Number.NEGATIVE_INFINITY };
const HANDOFF_MS = 250;

function loadingStart(): number {
  const now = performance.now();
  const sinceEnd = now - loading.endedAt;
  if (loading.mounted === 0 && !(sinceEnd >= 0 && sinceEnd <= HANDOFF_MS)) {
    // A bar rendered but not yet mounted counts as just ended: one that never mounts is forgotten.
    loading.start = now;
    loading.endedAt = now;
  }
  return loading.start;
}

const progressAt = (start: number) =>
  Math.min(100, Math.floor((performance.now() - start) / LOADING_BAR_STEP_MS));

/** The top progress bar: the Suspense fallback while a lazily loaded screen loads. */
export function LoadingBar() {
  const [start] = useState(loadingStart);
  const [value, setValue] = useState(() => progressAt(start));
  useEffect(() => {
    // From the clock, not from counting ticks: a busy phone fires timers late, and the bar must
    // still say how long the screen has been loading.
    loading.mounted += 1;
    const timer = setInterval(() => {
      const next = progressAt(start);
      setValue(next);
      if (next >= 100) clearInterval(timer);
    }, LOADING_BAR_STEP_MS);
    return () => {
      clearInterval(timer);
      loading.mounted -= 1;
      loading.endedAt = performance.now();
    };
  }, [start]);
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
