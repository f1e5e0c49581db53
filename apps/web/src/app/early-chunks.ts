import { hadSession } from './public/session-hint.ts';
import { screenLoaderFor } from './routes.tsx';

export const loadPublicArea = () => import('./public/PublicArea.tsx');
export const loadShell = () => import('./shell/Shell.tsx');

// Imported first by main.tsx, so this runs before the rest of the entry is evaluated: the chunks
// the first screen will need are fetched while the app starts and the session check runs, not
// after the check answers (bench/web.bench.ts, LCP under mobile throttling). A browser signed in
// when last used gets the shell and the screen of the address it opens; any other the sign-in
// screens. A wrong guess only costs bandwidth; a failure is retried by lazy() on render.
if (hadSession()) {
  loadShell().catch(() => {});
  screenLoaderFor(window.location.pathname)?.().catch(() => {});
} else {
  loadPublicArea().catch(() => {});
}
