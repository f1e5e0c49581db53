import type { PrecacheEntry } from 'workbox-precaching';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  type ClientsLike,
  openTarget,
  PUSH_RECEIVED_MESSAGE,
  parsePush,
  safeTarget,
} from './features/notifications/push-payload.ts';
import { sk } from './i18n/sk.ts';

// The web app's tsconfig has the DOM library, not WebWorker (both in one program clash), so the
// few service-worker types used here are declared locally.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type PushEvent = ExtendableEvent & { data: { text(): string } | null };
type NotificationEvent = ExtendableEvent & { notification: Notification };
type Scope = {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: ClientsLike & {
    claim(): Promise<void>;
    matchAll(options?: object): Promise<readonly { postMessage(message: unknown): void }[]>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (e: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (e: NotificationEvent) => void): void;
};
declare const self: Scope;

// The app shell: every built file, and index.html for any in-app navigation (offline included).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/apis\//] }));

// A new version takes over at once (and controls the first visit), so one visit makes it offline-ready.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const message = parsePush(event.data, sk.appName);
  // Inside waitUntil, or Safari counts a silent push and revokes the subscription.
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(message.title, {
        body: message.body,
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        lang: 'sk',
        data: { url: message.url },
      }),
      self.clients.matchAll({ type: 'window' }).then((windows) => {
        for (const w of windows) w.postMessage({ type: PUSH_RECEIVED_MESSAGE });
      }),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const origin = self.location.origin;
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openTarget(self.clients, safeTarget(data?.url, origin), origin));
});
