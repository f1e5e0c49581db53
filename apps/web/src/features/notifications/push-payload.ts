/**
 * What the service worker makes of a push and of a click on its notification. Kept free of
 * service-worker globals so the rules are unit-tested; src/sw.ts wires them to the events.
 */

/** Posted by the worker to open pages on every push, so the bell's badge counts it at once. */
export const PUSH_RECEIVED_MESSAGE = 'notification-received';

export type PushMessage = { title: string; body: string; url: string };

/** The server's payload is `{title, body, url}` (contract pushPayload); anything else still shows. */
export function parsePush(data: { text(): string } | null | undefined, fallbackTitle: string): PushMessage {
  let parsed: unknown;
  try {
    parsed = data ? JSON.parse(data.text()) : undefined;
  } catch {
    parsed = data?.text();
  }
  if (typeof parsed === 'string') return { title: fallbackTitle, body: parsed, url: '/' };
  const o = (parsed ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { title: text(o.title) || fallbackTitle, body: text(o.body), url: text(o.url) || '/' };
}

/** Only a page of this app is ever opened: a foreign or malformed url falls back to the start page. */
export function safeTarget(url: unknown, origin: string): string {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', origin);
    return target.origin === origin ? target.href : new URL('/', origin).href;
  } catch {
    return new URL('/', origin).href;
  }
}

export type WindowClientLike = {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
};

export type ClientsLike = {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
};

/**
 * A click: an open window of the app (the focused one first) is shown the target and focused;
 * without one, a new window opens at the target.
 */
export async function openTarget(clients: ClientsLike, target: string, origin: string): Promise<void> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((c) =>
    c.url.startsWith(origin),
  );
  const client = windows.find((c) => c.focused) ?? windows[0];
  if (!client) {
    await clients.openWindow(target);
    return;
  }
  // Each step on its own: a window the worker does not control refuses navigate() but still focuses.
  if (client.url !== target) await client.navigate(target).catch(() => undefined);
  await client.focus().catch(() => undefined);
}
