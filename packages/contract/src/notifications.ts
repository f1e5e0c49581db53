import { z } from 'zod';
import { dataOf, defineEndpoints, messageBody, pageOf, pageQuery } from './common.ts';
import { notificationRoutes } from './notifications.routes.ts';

export const notification = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** Where a click leads, app-relative: `/administration/sites-gallery?siteId=…&siteDate=YYYY-MM-DD`. */
  url: z.string(),
  /** ISO 8601 instant. */
  createdAt: z.string(),
  seen: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

export const notificationPage = pageOf(notification).extend({ unseenCount: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPage>;

export const notificationPageQuery = pageQuery.pick({ page: true, size: true });

/** What the service worker receives in every push (JSON, encrypted per RFC 8291). */
export const pushPayload = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushPayload = z.infer<typeof pushPayload>;

export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** A push-service URL; `accept` decides which URLs may be stored (https only, outside tests). */
export const pushEndpointSchema = (
  accept: (url: URL) => boolean = (u) => u.protocol === 'https:',
  error = 'Adresa odberu musí byť platná https adresa',
) =>
  z
    .string({ error: 'Adresa odberu je povinná' })
    .max(PUSH_ENDPOINT_MAX_LENGTH, { error: 'Adresa odberu je príliš dlhá' })
    .refine(
      (v) => {
        try {
          return accept(new URL(v));
        } catch {
          return false;
        }
      },
      { error },
    );

// base64url (browsers' toJSON()); plain base64 and padding tolerated, as Buffer decodes both.
const base64Key = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} je povinný` })
    .min(min, { error: `${label} má nesprávnu dĺžku` })
    .max(max, { error: `${label} má nesprávnu dĺžku` })
    .regex(/^[A-Za-z0-9_+/-]+={0,2}$/, { error: `${label} nie je v kódovaní base64url` });

/** The browser's `PushSubscription.toJSON()`, built around an endpoint rule. */
export const makePushSubscriptionBody = (endpoint: ReturnType<typeof pushEndpointSchema>) =>
  z.object({
    endpoint,
    expirationTime: z.number().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
    keys: z.object(
      {
        // An uncompressed P-256 point: 65 bytes, 87 characters unpadded.
        p256dh: base64Key('Kľúč p256dh', 86, 88),
        // The 16-byte authentication secret: 22 characters unpadded.
        auth: base64Key('Kľúč auth', 22, 24),
      },
      { error: 'Kľúče odberu sú povinné' },
    ),
  });

export const pushSubscriptionBody = makePushSubscriptionBody(pushEndpointSchema());
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** Unsubscribing needs only the endpoint; the rest of the subscription JSON is accepted and ignored. */
export const makePushUnsubscribeBody = (endpoint: ReturnType<typeof pushEndpointSchema>) =>
  z.object({ endpoint });
export const pushUnsubscribeBody = makePushUnsubscribeBody(pushEndpointSchema());

export const notificationEndpoints = defineEndpoints({
  list: {
    ...notificationRoutes.list,
    summary: "The signed-in user's notifications, newest first, with the unseen count",
    query: notificationPageQuery,
    response: dataOf(notificationPage),
  },
  unseenCount: {
    ...notificationRoutes.unseenCount,
    summary: 'How many notifications the signed-in user has not seen',
    response: dataOf(z.number().int()),
  },
  markAllAsSeen: {
    ...notificationRoutes.markAllAsSeen,
    summary: 'Marks every notification of the signed-in user as seen; data: how many changed',
    response: dataOf(z.number().int()),
  },
  vapidPublicKey: {
    ...notificationRoutes.vapidPublicKey,
    summary: "The server's VAPID public key (base64url), the applicationServerKey for subscribing",
    response: dataOf(z.object({ key: z.string() })),
  },
  subscribe: {
    ...notificationRoutes.subscribe,
    summary: "Stores the browser's push subscription for the signed-in user (idempotent)",
    body: pushSubscriptionBody,
    response: messageBody,
  },
  unsubscribe: {
    ...notificationRoutes.unsubscribe,
    summary: "Removes the browser's push subscription of the signed-in user (idempotent)",
    body: pushUnsubscribeBody,
    response: messageBody,
  },
});
