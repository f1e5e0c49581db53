/**
 * Chromium's install offer (beforeinstallprompt) comes once per page load, possibly before React
 * has rendered, so it is caught as soon as this module loads and kept for the banner.
 */

export type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    // Our banner offers it instead of the browser's own mini-infobar.
    e.preventDefault();
    deferred = e as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

export function installPrompt(): InstallPromptEvent | null {
  return deferred;
}

/** The offer can be used once: after prompting it is gone. */
export function takeInstallPrompt(): InstallPromptEvent | null {
  const e = deferred;
  deferred = null;
  notify();
  return e;
}

export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
