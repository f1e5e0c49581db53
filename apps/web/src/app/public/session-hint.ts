/**
 * A note in localStorage that this browser was signed in when last used. The session cookie is
 * httpOnly, so this is the only sign the start-up has before the session check answers: without
 * it the sign-in screens are fetched alongside the check instead of after it (bench/web.bench.ts,
 * login LCP under mobile throttling). A wrong note only costs that head start, never correctness.
 */
export const SESSION_HINT_KEY = 'sd-signed-in';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function hadSession(): boolean {
  try {
    return storage()?.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberSession(signedIn: boolean): void {
  try {
    if (signedIn) storage()?.setItem(SESSION_HINT_KEY, '1');
    else storage()?.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage refused (private mode, quota): the next start simply fetches the sign-in screens early.
  }
}
