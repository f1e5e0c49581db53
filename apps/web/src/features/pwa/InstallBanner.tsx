import { useEffect, useState, useSyncExternalStore } from 'react';
import { sk } from '../../i18n/sk.ts';
import { bannerKind, dismiss, markShown } from './install-banner-rules.ts';
import { installPrompt, onInstallPromptChange, takeInstallPrompt } from './install-prompt.ts';
import { isIos, isMobile, isStandalone } from './platform.ts';
import { registerServiceWorker } from './service-worker.ts';
import './pwa.css';

/** localStorage, or nothing where the browser refuses it (the banner then simply shows). */
function storage(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    const s = window.localStorage;
    s.getItem('');
    return s;
  } catch {
    return { getItem: () => null, setItem: () => {} };
  }
}

/** The install banner at the bottom (spec §4 Install banner); also registers the service worker. */
export function InstallBanner() {
  const offer = useSyncExternalStore(onInstallPromptChange, installPrompt);
  const [closed, setClosed] = useState(false);
  const store = storage();
  const kind = closed
    ? null
    : bannerKind(
        {
          standalone: isStandalone(),
          ios: isIos(),
          mobile: isMobile(),
          canPrompt: offer !== null,
          now: Date.now(),
        },
        store,
      );

  useEffect(registerServiceWorker, []);
  useEffect(() => {
    if (kind) markShown(store);
  }, [kind, store]);

  if (!kind) return null;
  const t = sk.notifications.install;
  const install = () => {
    const e = takeInstallPrompt();
    setClosed(true);
    e?.prompt().catch((err: unknown) => console.error(err));
  };
  const close = () => {
    dismiss(store, Date.now());
    setClosed(true);
  };
  return (
    <section className="install-banner shadow" aria-label={t.label}>
      <img src="/icon-192.png" alt="" width={40} height={40} className="install-banner-icon" />
      {kind === 'ios' ? (
        <p className="m-0 flex-grow-1">
          {t.iosBefore} <ShareIcon /> <strong>{t.iosShare}</strong> {t.iosThen}{' '}
          <strong>{t.iosAddToHome}</strong>.
        </p>
      ) : (
        <>
          <p className="m-0 flex-grow-1">{t.text}</p>
          <button type="button" className="btn btn-primary btn-sm" onClick={install}>
            {t.install}
          </button>
        </>
      )}
      <button type="button" className="btn-close" aria-label={t.dismiss} onClick={close} />
    </section>
  );
}

/** Safari's Share symbol: a box with an arrow out of its top. */
function ShareIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      className="install-share-icon"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1" />
    </svg>
  );
}
