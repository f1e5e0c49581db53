/**
 * Spec §4 Install banner and §9: hidden when running installed (standalone), after 3 dismissals,
 * or before the stored show-again time; ✕ sets that time 7200 minutes ahead and counts the
 * dismissal only when a counter exists. The counter is created when the banner is first shown,
 * so every dismissal after that counts.
 */

export const MAX_DISMISSALS = 3;
export const SHOW_AGAIN_AFTER_MS = 7200 * 60 * 1000;
export const DISMISS_COUNT_KEY = 'installBanner.dismissCount';
export const SHOW_AGAIN_AT_KEY = 'installBanner.showAgainAt';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export type Environment = {
  standalone: boolean;
  ios: boolean;
  mobile: boolean;
  /** The browser offered its install prompt (beforeinstallprompt). */
  canPrompt: boolean;
  now: number;
};

export type BannerKind = 'ios' | 'prompt' | null;

function readNumber(store: Store, key: string): number | null {
  const raw = store.getItem(key);
  if (raw === null) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** Which banner to show, if any. */
export function bannerKind(env: Environment, store: Store): BannerKind {
  if (env.standalone) return null;
  if ((readNumber(store, DISMISS_COUNT_KEY) ?? 0) >= MAX_DISMISSALS) return null;
  const showAgainAt = readNumber(store, SHOW_AGAIN_AT_KEY);
  if (showAgainAt !== null && env.now < showAgainAt) return null;
  if (env.ios) return 'ios';
  return env.mobile && env.canPrompt ? 'prompt' : null;
}

/** The banner became visible: start counting dismissals. */
export function markShown(store: Store): void {
  if (store.getItem(DISMISS_COUNT_KEY) === null) store.setItem(DISMISS_COUNT_KEY, '0');
}

export function dismiss(store: Store, now: number): void {
  store.setItem(SHOW_AGAIN_AT_KEY, String(now + SHOW_AGAIN_AFTER_MS));
  const count = readNumber(store, DISMISS_COUNT_KEY);
  if (count !== null) store.setItem(DISMISS_COUNT_KEY, String(count + 1));
}
