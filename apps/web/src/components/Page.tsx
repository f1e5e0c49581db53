import { type ReactNode, useEffect } from 'react';
import { sk } from '../i18n/sk.ts';

type Props = { title: string; actions?: ReactNode; children?: ReactNode };

/** A screen of the shell: its heading (also the document title) and content. */
export function Page({ title, actions, children }: Props) {
  useEffect(() => {
    document.title = `${title} – ${sk.appName}`;
  }, [title]);
  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The content of a screen another feature has yet to build. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <div className="card card-body text-body-secondary">{sk.placeholder.soon}</div>
    </Page>
  );
}
