import { hadSession } from './session-hint.ts';

export const loadPublicArea = () => import('./PublicArea.tsx');

// Imported first by main.tsx, so this runs before the rest of the entry is evaluated: a browser
// likely signed out fetches the sign-in screens while the app starts and the session check runs,
// not after the check answers (bench:web, login LCP). A failure is retried by lazy() on render.
if (!hadSession()) loadPublicArea().catch(() => {});
