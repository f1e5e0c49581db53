import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { FullScreenSpinner } from '../components/FullScreenSpinner.tsx';
import { LoadingBar } from '../components/LoadingBar.tsx';
import { InstallBanner } from '../features/pwa/InstallBanner.tsx';
import { loadPublicArea, loadShell } from './public/early-sign-in.ts';
import { PUBLIC_ONLY_PATHS } from './public/public-paths.ts';
import { rememberSession } from './public/session-hint.ts';
import { useSession } from './session.tsx';

// Each area is its own chunk: the sign-in screens never load the shell, admin screens or maps.
const PublicArea = lazy(loadPublicArea);
const Shell = lazy(loadShell);
const ForcedPasswordChange = lazy(() => import('../features/auth/ForcedPasswordChange.tsx'));

/** Spec §2 Start-up: session check, then the shell, the forced password change, or sign-in. */
export function App() {
  const session = useSession();
  const { pathname } = useLocation();
  useEffect(() => {
    if (session.status !== 'checking') rememberSession(session.status === 'signedIn');
  }, [session.status]);
  let area: React.ReactNode;
  if (session.status === 'checking') return <FullScreenSpinner />;
  if (session.status === 'anonymous' || PUBLIC_ONLY_PATHS.includes(pathname)) area = <PublicArea />;
  else if (session.user.changePassword) area = <ForcedPasswordChange />;
  else area = <Shell />;
  return (
    <>
      <Suspense fallback={<LoadingBar />}>{area}</Suspense>
      <InstallBanner />
    </>
  );
}
