import { type ReactNode, useEffect } from 'react';
// Inlined as a data URL: the logo is the sign-in screen's largest paint, and /logo.svg is served
// for revalidation on every use, a round trip after the scripts on a slow phone (bench:web LCP).
import logoUrl from '../../../public/logo.svg?inline';
import { sk } from '../../i18n/sk.ts';

/** The shared centred card with the logo of every screen outside the shell (spec §2). */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} – ${sk.appName}`;
  }, [title]);
  return (
    <main className="public-layout">
      <div className="card public-card shadow-sm">
        <div className="card-body">
          <div className="public-logo">
            <img src={logoUrl} alt={sk.logoAlt} width={64} height={64} />
            <p className="public-app-name">{sk.appName}</p>
          </div>
          <h1 className="public-title">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
