import { type Kysely, sql } from 'kysely';
import { toBool } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

export type NotificationRecord = {
  id: number;
  title: string;
  body: string;
  url: string;
  seen: boolean;
  createdAt: number;
};

export type NewNotification = { mediaId: number; authorId: number; title: string; body: string; url: string };

const RECIPIENT_AUTHORITY = 'NEW_PHOTO_NOTIFICATION';

export class NotificationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One notification per active holder of NEW_PHOTO_NOTIFICATION (admins hold every authority)
   * except the author, and one outbox row per recipient's push subscription: two statements
   * whatever the number of users, run in the caller's transaction.
   */
  async fanOut(trx: Kysely<Database>, n: NewNotification, now: number): Promise<number> {
    const inserted = await trx
      .insertInto('notifications')
      .columns(['user_id', 'media_id', 'title', 'body', 'url', 'seen', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('users as u')
          .select([
            'u.id',
            // Casts: PostgreSQL cannot infer a parameter's type in a SELECT list.
            sql<number>`cast(${n.mediaId} as integer)`.as('media_id'),
            sql<string>`cast(${n.title} as text)`.as('title'),
            sql<string>`cast(${n.body} as text)`.as('body'),
            sql<string>`cast(${n.url} as text)`.as('url'),
            sql<number>`0`.as('seen'),
            sql<number>`cast(${now} as bigint)`.as('created_at'),
          ])
          .where('u.active', '=', 1)
          .where('u.id', '<>', n.authorId)
          .where((w) =>
            w.or([
              w('u.admin', '=', 1),
              w.exists(
                w
                  .selectFrom('user_permissions as p')
                  .select(sql<number>`1`.as('one'))
                  .whereRef('p.user_id', '=', 'u.id')
                  .where('p.authority', '=', RECIPIENT_AUTHORITY),
              ),
            ]),
          ),
      )
      .executeTakeFirst();
    const count = Number(inserted.numInsertedOrUpdatedRows ?? 0);
    if (count === 0) return 0;
    await trx
      .insertInto('push_outbox')
      .columns(['notification_id', 'subscription_id', 'attempts', 'next_attempt_at', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('notifications as n')
          .innerJoin('push_subscriptions as s', 's.user_id', 'n.user_id')
          .select([
            'n.id as notification_id',
            's.id as subscription_id',
            sql<number>`0`.as('attempts'),
            sql<number>`cast(${now} as bigint)`.as('next_attempt_at'),
            sql<number>`cast(${now} as bigint)`.as('created_at'),
          ])
          .where('n.media_id', '=', n.mediaId),
      )
      .execute();
    return count;
  }

  async page(
    userId: number,
    page: number,
    size: number,
  ): Promise<{ content: NotificationRecord[]; total: number; unseen: number }> {
    const [rows, total, unseen] = await Promise.all([
      this.db
        .selectFrom('notifications')
        .select(['id', 'title', 'body', 'url', 'seen', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset(page * size)
        .execute(),
      this.count(userId, false),
      this.count(userId, true),
    ]);
    const content = rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      url: r.url,
      seen: toBool(r.seen),
      createdAt: Number(r.created_at),
    }));
    return { content, total, unseen };
  }

  async count(userId: number, unseenOnly: boolean): Promise<number> {
    let q = this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId);
    if (unseenOnly) q = q.where('seen', '=', 0);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  async markAllSeen(userId: number): Promise<number> {
    const res = await this.db
      .updateTable('notifications')
      .set({ seen: 1 })
      .where('user_id', '=', userId)
      .where('seen', '=', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }
}
