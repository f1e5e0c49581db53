import { Suspense, useEffect, useRef, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { LoadingBar } from '../../components/LoadingBar.tsx';
import { WarningDialogProvider } from '../../components/WarningDialog.tsx';
import { meets } from '../../lib/permissions.ts';
import { type AppRoute, appRoutes } from '../routes.tsx';
import { useCurrentUser } from '../session.tsx';
import { Header } from './Header.tsx';
import { NotFound } from './NotFound.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useSmallScreen } from './use-small-screen.ts';

/** The signed-in layout: sidebar, header and the routed content (spec §2 Authenticated shell). */
export default function Shell() {
  const small = useSmallScreen();
  const [drawerOpen, setDrawerOpen] = useState(!small);
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);

  // Crossing the breakpoint resets the drawer: pinned open on desktop, closed over a phone's content.
  useEffect(() => setDrawerOpen(!small), [small]);

  // Spec §2: the content scrolls to the top on every path change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger, not an input
  useEffect(() => {
    // 'instant': Bootstrap makes scrolling smooth, which would animate the jump from the old screen.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    main.current?.scrollTo?.({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  return (
    <WarningDialogProvider>
      <div className={`app-shell${drawerOpen ? ' drawer-open' : ''}${small ? ' small' : ''}`}>
        <Sidebar open={drawerOpen} small={small} onClose={() => setDrawerOpen(false)} />
        <div className="app-body">
          <Header drawerOpen={drawerOpen} onToggleDrawer={() => setDrawerOpen((o) => !o)} />
          <main className="app-content" ref={main}>
            <Suspense fallback={<LoadingBar />}>
              <Routes>
                {appRoutes.map((r) => (
                  <Route key={r.path} path={r.path} element={<Guarded route={r} />} />
                ))}
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          </main>
        </div>
      </div>
    </WarningDialogProvider>
  );
}

function Guarded({ route }: { route: AppRoute }) {
  const user = useCurrentUser();
  if (!meets(user, route.authority)) return <>{route.fallback ?? <NotFound />}</>;
  const Screen = route.screen;
  return <Screen />;
}
