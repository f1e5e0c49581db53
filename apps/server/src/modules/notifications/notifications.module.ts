import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { VapidDetails } from '../../platform/push/web-push-sender.ts';
import { AppSettingsRepository } from './app-settings.repository.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { NotificationsService } from './notifications.service.ts';
import { PushRepository } from './push.repository.ts';
import { PUSH_POLICY, PushDeliveryService } from './push-delivery.service.ts';
import { resolveVapidKeys } from './vapid-keys.ts';

export type NotificationsModule = {
  service: NotificationsService;
  delivery: PushDeliveryService;
  vapid: VapidDetails;
};

const modules = new WeakMap<AppContext, NotificationsModule>();

/** The module of one app instance (tests drive its push delivery directly). */
export function notificationsOf(ctx: AppContext): NotificationsModule {
  const m = modules.get(ctx);
  if (!m) throw new Error('The notifications module is not registered');
  return m;
}

/**
 * Notifications on assignment (inside its transaction), the list and push-subscription routes,
 * the push outbox sender, and clean-up when a user is deactivated.
 */
export async function registerNotifications(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<NotificationsModule> {
  const vapid = await resolveVapidKeys(ctx.config, new AppSettingsRepository(ctx.db.kysely), ctx.clock.now());
  const pushRepo = new PushRepository(ctx.db.kysely, ctx.db.dialect);
  const service = new NotificationsService(ctx, new NotificationsRepository(ctx.db.kysely), pushRepo);
  const delivery = new PushDeliveryService(ctx, pushRepo, vapid);

  ctx.events.assignListeners.push((trx, e) => service.onAssigned(trx, e).then(() => undefined));
  ctx.events.on('media.assigned', () => delivery.kick());
  ctx.events.on('user.deactivated', ({ userId }) => service.onUserDeactivated(userId));
  // preClose: before any onClose hook closes the database.
  app.addHook('preClose', () => delivery.close());
  ctx.scheduler.every('push-outbox', PUSH_POLICY.pollIntervalMs, () => delivery.drain(), {
    runAtStart: true,
  });

  notificationsRoutes(app, service, {
    vapidPublicKey: vapid.publicKey,
    allowInsecureEndpoints: ctx.config.pushAllowInsecureEndpoints,
  });
  const m = { service, delivery, vapid };
  modules.set(ctx, m);
  return m;
}
