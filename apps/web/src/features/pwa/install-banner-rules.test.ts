import { describe, expect, test } from 'vitest';
import {
  bannerKind,
  DISMISS_COUNT_KEY,
  dismiss,
  type Environment,
  markShown,
  SHOW_AGAIN_AFTER_MS,
  SHOW_AGAIN_AT_KEY,
} from './install-banner-rules.ts';

const memory = (init: Record<string, string> = {}) => {
  const m = new Map(Object.entries(init));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};
const android: Environment = { standalone: false, ios: false, mobile: true, canPrompt: true, now: 1_000_000 };

describe('install banner rules (spec §4)', () => {
  test('iOS shows instructions without an install offer; elsewhere only a mobile with an offer', () => {
    const s = memory();
    expect(bannerKind({ ...android, ios: true, canPrompt: false }, s)).toBe('ios');
    expect(bannerKind(android, s)).toBe('prompt');
    expect(bannerKind({ ...android, canPrompt: false }, s)).toBeNull();
    expect(bannerKind({ ...android, mobile: false }, s)).toBeNull();
  });

  test('never when installed as standalone', () => {
    expect(bannerKind({ ...android, standalone: true }, memory())).toBeNull();
    expect(bannerKind({ ...android, ios: true, standalone: true }, memory())).toBeNull();
  });

  test('✕ hides it for 7200 minutes, counting the dismissal only when a counter exists', () => {
    const s = memory();
    dismiss(s, android.now);
    expect(s.m.get(SHOW_AGAIN_AT_KEY)).toBe(String(android.now + 7200 * 60_000));
    expect(s.m.has(DISMISS_COUNT_KEY)).toBe(false);
    expect(bannerKind({ ...android, now: android.now + SHOW_AGAIN_AFTER_MS - 1 }, s)).toBeNull();
    expect(bannerKind({ ...android, now: android.now + SHOW_AGAIN_AFTER_MS }, s)).toBe('prompt');

    markShown(s);
    expect(s.m.get(DISMISS_COUNT_KEY)).toBe('0');
    dismiss(s, android.now);
    expect(s.m.get(DISMISS_COUNT_KEY)).toBe('1');
    markShown(s);
    expect(s.m.get(DISMISS_COUNT_KEY)).toBe('1');
  });

  test('gone for good after 3 dismissals', () => {
    const later = { ...android, now: android.now + 10 * SHOW_AGAIN_AFTER_MS };
    expect(bannerKind(later, memory({ [DISMISS_COUNT_KEY]: '2', [SHOW_AGAIN_AT_KEY]: '0' }))).toBe('prompt');
    expect(bannerKind(later, memory({ [DISMISS_COUNT_KEY]: '3' }))).toBeNull();
    expect(bannerKind({ ...later, ios: true }, memory({ [DISMISS_COUNT_KEY]: '5' }))).toBeNull();
  });
});
