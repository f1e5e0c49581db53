import type { Route } from './access.ts';

const NEW_PHOTO_NOTIFICATION = ['NEW_PHOTO_NOTIFICATION'] as const;

/** Where each notifications route is, how it is called and who may: the schemas are in notifications.ts. */
export const notificationRoutes = {
  list: {
    method: 'GET',
    path: '/apis/api/v1/notification/user-notifications',
    access: NEW_PHOTO_NOTIFICATION,
  },
  unseenCount: {
    method: 'GET',
    path: '/apis/api/v1/notification/unseen-count',
    access: NEW_PHOTO_NOTIFICATION,
  },
  markAllAsSeen: {
    method: 'GET',
    path: '/apis/api/v1/notification/mark-all-as-seen',
    access: NEW_PHOTO_NOTIFICATION,
    sameOriginOnly: true,
  },
  vapidPublicKey: {
    method: 'GET',
    path: '/apis/api/v1/notification/push/vapid-public-key',
    access: 'signedIn',
  },
  subscribe: { method: 'POST', path: '/apis/api/v1/notification/push/subscribe', access: 'signedIn' },
  unsubscribe: { method: 'POST', path: '/apis/api/v1/notification/push/unsubscribe', access: 'signedIn' },
} as const satisfies Record<string, Route>;
