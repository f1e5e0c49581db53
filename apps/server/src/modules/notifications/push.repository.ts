import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { toBool } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

export type SubscriptionInput = {
  endpoint: string;
  p256dh: string;
  auth: string;
  expirationTime: number | null;
};

/** One claimed push: the message, where it goes, and whether it should still go there. */
export type OutboxItem = {
  id: number;
  attempts: number;
  createdAt: number;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  title: string;
  body: string;
  url: string;
  /** False when the browser moved to another user or the recipient was deactivated since. */
  stillWanted: boolean;
};

export class PushRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Insert, or take over an existing endpoint (the browser now belongs to this user). */
  async upsertSubscription(userId: number, s: SubscriptionInput, now: number): Promise<void> {
    await this.db
      .insertInto('push_subscriptions')
      .values({
        user_id: userId,
        endpoint: s.endpoint,
        p256dh: s.p256dh,
        auth: s.auth,
        expiration_time: s.expirationTime,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: userId,
          p256dh: s.p256dh,
          auth: s.auth,
          expiration_time: s.expirationTime,
          updated_at: now,
        }),
      )
      .execute();
  }

  /** Keeps a user's `keep` most recently subscribed browsers, dropping older ones. */
  async pruneSubscriptions(userId: number, keep: number): Promise<void> {
    const stale = await this.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(1000)
      .execute();
    if (stale.length === 0) return;
    await this.db
      .deleteFrom('push_subscriptions')
      .where(
        'id',
        'in',
        stale.map((r) => r.id),
      )
      .execute();
  }

  async deleteSubscription(userId: number, endpoint: string): Promise<number> {
    const res = await this.db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async deleteSubscriptionById(id: number): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  async deleteSubscriptionsOf(userId: number): Promise<number> {
    const res = await this.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /**
   * Leases up to `limit` due pushes to this claim token. Any number of instances may call this at
   * once: a row goes to one of them (SKIP LOCKED on PostgreSQL; SQLite serialises writers), and a
   * crashed instance's lease simply runs out.
   */
  async claimDue(claim: string, now: number, leaseMs: number, limit: number): Promise<OutboxItem[]> {
    const due = (q: Kysely<Database>) =>
      q
        .selectFrom('push_outbox')
        .select('id')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]));
    // A plain read first: an idle poll writes nothing.
    if ((await due(this.db).limit(1).executeTakeFirst()) === undefined) return [];
    await this.db
      .updateTable('push_outbox')
      .set({ claim, locked_until: now + leaseMs })
      .where(
        'id',
        'in',
        due(this.db)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(limit)
          .$if(this.dialect === 'postgres', (s) => s.forUpdate().skipLocked()),
      )
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .execute();
    const rows = await this.db
      .selectFrom('push_outbox as o')
      .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
      .innerJoin('notifications as n', 'n.id', 'o.notification_id')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select([
        'o.id',
        'o.attempts',
        'o.created_at',
        's.id as subscription_id',
        's.endpoint',
        's.p256dh',
        's.auth',
        's.user_id as subscriber_id',
        'n.user_id as recipient_id',
        'n.title',
        'n.body',
        'n.url',
        'u.active',
      ])
      .where('o.claim', '=', claim)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      attempts: r.attempts,
      createdAt: Number(r.created_at),
      subscriptionId: r.subscription_id,
      endpoint: r.endpoint,
      p256dh: r.p256dh,
      auth: r.auth,
      title: r.title,
      body: r.body,
      url: r.url,
      stillWanted: r.subscriber_id === r.recipient_id && toBool(r.active),
    }));
  }

  async deleteOutbox(id: number): Promise<void> {
    await this.db.deleteFrom('push_outbox').where('id', '=', id).execute();
  }

  async reschedule(id: number, attempts: number, nextAttemptAt: number): Promise<void> {
    await this.db
      .updateTable('push_outbox')
      .set({ attempts, next_attempt_at: nextAttemptAt, locked_until: null, claim: null })
      .where('id', '=', id)
      .execute();
  }
}
