import { notificationEndpoints, type PushSubscriptionBody } from '@app/contract/web';
import { api } from '../../lib/api.ts';

/**
 * Web push in the browser (spec §4 App start and Logout, §7 Push, §8 Push). Loaded with import()
 * from the session hooks, so the sign-in screens do not carry it.
 */

export const SERVICE_WORKER_URL = '/sw.js';
export const PERMISSION_NOT_GRANTED = 'Permission not granted';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** iPhone, iPod and iPad (an iPad says it is a Mac, but has a touch screen). */
export function isIos(
  nav: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'> = navigator,
): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

/** Opened from the home screen: the manifest's display mode, or iOS's own flag. */
export function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as { standalone?: boolean }).standalone === true
  );
}

/**
 * After sign-in: registers /sw.js, asks for the permission, fetches the VAPID key, subscribes and
 * sends the subscription. A browser without push is skipped silently; a refused permission
 * rejects with 'Permission not granted'. On iOS an undecided permission is left to the prompt
 * (NotificationPrompt): Safari asks only from a tap.
 */
export async function registerPush(): Promise<void> {
  if (!pushSupported()) return;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  if (Notification.permission === 'default' && isIos()) return;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(PERMISSION_NOT_GRANTED);
  await subscribe();
}

/** The permission was just granted (the iOS prompt's tap): subscribe as after sign-in. */
export async function subscribe(): Promise<void> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  const { data } = await api(notificationEndpoints.vapidPublicKey);
  const key = base64UrlToBytes(data.key);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another server key (keys replaced) cannot be reused.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await api(notificationEndpoints.subscribe, { body: subscription.toJSON() as PushSubscriptionBody });
}

/**
 * Before logout: the server forgets this browser's subscription, so the next person signing in
 * here does not get the previous user's notifications. Errors are only logged (spec §8).
 */
export async function unsubscribePush(): Promise<void> {
  try {
    if (!pushSupported()) return;
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await api(notificationEndpoints.unsubscribe, { body: subscription.toJSON() as PushSubscriptionBody });
  } catch (err) {
    console.error(err);
  }
}

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const a = new Uint8Array(current);
  return a.length === wanted.length && a.every((b, i) => b === wanted[i]);
}
