import type { NotificationPage, PushSubscriptionBody } from '@app/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import type { MediaAssigned } from '../../platform/events.ts';
import type { NewNotification, NotificationsRepository } from './notifications.repository.ts';
import type { PushRepository } from './push.repository.ts';

export const NOTIFICATION_TEXTS = {
  photoTitle: 'Nová fotografia',
  videoTitle: 'Nové video',
  subscribed: 'Odber notifikácií bol uložený',
  unsubscribed: 'Odber notifikácií bol zrušený',
};

/** Browsers one user may keep subscribed; subscribing another drops the least recently renewed. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/** The gallery opened at the item's site and date. */
export const galleryUrl = (siteId: number, siteDate: string): string =>
  `/administration/sites-gallery?${new URLSearchParams({ siteId: String(siteId), siteDate })}`;

export function describeAssignment(e: MediaAssigned): Omit<NewNotification, 'authorId' | 'mediaId'> {
  const video = e.type === 'VIDEO';
  return {
    title: video ? NOTIFICATION_TEXTS.videoTitle : NOTIFICATION_TEXTS.photoTitle,
    body: `${e.authorName} pridal ${video ? 'video' : 'fotografiu'} na site ${e.siteCode} – ${e.siteName}`,
    url: galleryUrl(e.siteId, e.siteDate),
  };
}

export class NotificationsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: NotificationsRepository,
    private readonly push: PushRepository,
  ) {}

  /** The assignment's listener: runs inside its transaction, so rows exist only if the item does. */
  async onAssigned(trx: Kysely<Database>, e: MediaAssigned): Promise<number> {
    return this.repo.fanOut(
      trx,
      { ...describeAssignment(e), mediaId: e.mediaId, authorId: e.authorId },
      this.ctx.clock.now(),
    );
  }

  async page(userId: number, page: number, size: number): Promise<NotificationPage> {
    const { content, total, unseen } = await this.repo.page(userId, page, size);
    return {
      content: content.map((n) => ({ ...n, createdAt: new Date(n.createdAt).toISOString() })),
      page,
      totalPages: Math.ceil(total / size),
      totalElements: total,
      unseenCount: unseen,
    };
  }

  unseenCount(userId: number): Promise<number> {
    return this.repo.count(userId, true);
  }

  markAllSeen(userId: number): Promise<number> {
    return this.repo.markAllSeen(userId);
  }

  async subscribe(userId: number, body: PushSubscriptionBody): Promise<string> {
    await this.push.upsertSubscription(
      userId,
      {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        expirationTime: body.expirationTime == null ? null : Math.round(body.expirationTime),
      },
      this.ctx.clock.now(),
    );
    await this.push.pruneSubscriptions(userId, MAX_SUBSCRIPTIONS_PER_USER);
    return NOTIFICATION_TEXTS.subscribed;
  }

  /** Only the caller's own subscription goes; an unknown endpoint is already unsubscribed. */
  async unsubscribe(userId: number, endpoint: string): Promise<string> {
    await this.push.deleteSubscription(userId, endpoint);
    return NOTIFICATION_TEXTS.unsubscribed;
  }

  async onUserDeactivated(userId: number): Promise<void> {
    await this.push.deleteSubscriptionsOf(userId);
  }
}
