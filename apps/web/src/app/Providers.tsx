import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../components/Toasts.tsx';
import { isSlowConnection, swrDefaults } from '../lib/swr.ts';
import { SessionProvider } from './session.tsx';

const swrConfig = swrDefaults(isSlowConnection(navigator as { connection?: never }));

/** Everything every screen relies on: routing, data cache, session and toasts
 * (the warning dialog lives in the shell, so the sign-in screens do not load it). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <BrowserRouter>
      <SWRConfig value={swrConfig}>
        <ToastProvider>
          <SessionProvider>{children}</SessionProvider>
        </ToastProvider>
      </SWRConfig>
    </BrowserRouter>
  );
}
