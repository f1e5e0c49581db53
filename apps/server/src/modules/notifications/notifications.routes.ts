import {
  notificationEndpoints as ep,
  makePushSubscriptionBody,
  makePushUnsubscribeBody,
  pushEndpointSchema,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-hooks.ts';
import { route } from '../../http/route.ts';
import type { NotificationsService } from './notifications.service.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https, or (PUSH_ALLOW_INSECURE_ENDPOINTS=1, tests only) plain http to this machine. */
const httpsOrLoopback = pushEndpointSchema(
  (u) => u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname)),
  'Adresa odberu musí byť platná https adresa (alebo http na 127.0.0.1)',
);

export function notificationsRoutes(
  app: FastifyInstance,
  service: NotificationsService,
  opts: { vapidPublicKey: string; allowInsecureEndpoints: boolean },
) {
  route(app, ep.list, async (req) => ({
    data: await service.page(requireAuth(req).user.id, req.query.page, req.query.size),
  }));
  route(app, ep.unseenCount, async (req) => ({ data: await service.unseenCount(requireAuth(req).user.id) }));
  route(app, ep.markAllAsSeen, async (req) => ({
    data: await service.markAllSeen(requireAuth(req).user.id),
  }));
  route(app, ep.vapidPublicKey, async () => ({ data: { key: opts.vapidPublicKey } }));

  const subscribe = opts.allowInsecureEndpoints
    ? { ...ep.subscribe, body: makePushSubscriptionBody(httpsOrLoopback) }
    : ep.subscribe;
  const unsubscribe = opts.allowInsecureEndpoints
    ? { ...ep.unsubscribe, body: makePushUnsubscribeBody(httpsOrLoopback) }
    : ep.unsubscribe;
  route(app, subscribe, async (req) => ({
    message: await service.subscribe(requireAuth(req).user.id, req.body),
  }));
  route(app, unsubscribe, async (req) => ({
    message: await service.unsubscribe(requireAuth(req).user.id, req.body.endpoint),
  }));
}
