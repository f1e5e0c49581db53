import { hadSession } from './session-hint.ts';

export const loadPublicArea = () => import('./PublicArea.tsx');
export const loadShell = () => import('../shell/Shell.tsx');

// Imported first by main.tsx, so this runs before the rest of the entry is evaluated: the area the
// first screen most likely needs is fetched while the app starts and the session check runs, not
// after the check answers (bench:web, LCP) — the shell for a browser signed in when last used, the
// sign-in screens for any other. Both were already lazy imports of the entry, so the chunks are
// the same. A wrong guess costs only bandwidth; a failure is retried by lazy() on render.
if (hadSession()) loadShell().catch(() => {});
else loadPublicArea().catch(() => {});
