import type { VitePWAOptions } from 'vite-plugin-pwa';
import { sk } from '../../i18n/sk.ts';

export const THEME_COLOR = '#1f3a5f';
export const BACKGROUND_COLOR = '#f3f5f8';

/**
 * vite-plugin-pwa in injectManifest mode: our own service worker (src/sw.ts, built to /sw.js)
 * gets the list of built files to precache, and the plugin writes the web app manifest and links
 * it from index.html. The app registers the worker itself (pwa/service-worker.ts), so no
 * registration script is injected.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  includeAssets: ['logo.svg', 'apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: sk.appName,
    short_name: sk.notifications.install.shortName,
    description: sk.notifications.install.description,
    lang: 'sk',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The whole app shell, every lazy screen included, so any screen opens offline.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
  },
  devOptions: { enabled: false },
};
