import { type Kysely, sql } from 'kysely';
import { addId, type MigrationContext } from './helpers.ts';

/** In-app notifications, browsers' push subscriptions, the push outbox, and app-wide settings. */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  // Values every instance must share, such as the generated VAPID key pair.
  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notifications')
    .$call((t) => addId(t, dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('media_id', 'integer', (c) => c.references('media_items.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'varchar(1000)', (c) => c.notNull())
    .addColumn('url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // A user's list, newest first.
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  // The badge count and mark-all-as-seen touch only the unseen rows, however long the history.
  await db.schema
    .createIndex('notifications_unseen_idx')
    .on('notifications')
    .column('user_id')
    .where(sql.ref('seen'), '=', 0)
    .execute();
  await db.schema.createIndex('notifications_media_idx').on('notifications').column('media_id').execute();

  // One row per browser; the endpoint is the browser's identity, so it is unique across users.
  await db.schema
    .createTable('push_subscriptions')
    .$call((t) => addId(t, dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(2048)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
    .addColumn('auth', 'varchar(50)', (c) => c.notNull())
    .addColumn('expiration_time', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();

  /*
   * Pushes still to send, written in the assignment's transaction: a crash or restart loses none,
   * and any instance may send them (claimed with a lease, like export jobs).
   */
  await db.schema
    .createTable('push_outbox')
    .$call((t) => addId(t, dialect))
    .addColumn('notification_id', 'integer', (c) =>
      c.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('claim', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_outbox_due_idx')
    .on('push_outbox')
    .columns(['next_attempt_at', 'id'])
    .execute();
  await db.schema.createIndex('push_outbox_claim_idx').on('push_outbox').column('claim').execute();
  await db.schema
    .createIndex('push_outbox_subscription_idx')
    .on('push_outbox')
    .column('subscription_id')
    .execute();
  await db.schema
    .createIndex('push_outbox_notification_idx')
    .on('push_outbox')
    .column('notification_id')
    .execute();
}
