import type { Kysely } from 'kysely';
import { addId, type MigrationContext } from './helpers.ts';

/**
 * ZIP exports of the gallery. The row is the job: workers claim it with a lease (`locked_by`,
 * `locked_until`), so a crashed worker's export is claimed again once the lease runs out.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('exports')
    .$call((t) => addId(t, dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('file_name', 'varchar(300)', (c) => c.notNull())
    // The gallery filters as JSON, and the newest media id when queued: a redo exports the same items.
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('max_media_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(300)')
    .addColumn('file_count', 'integer')
    .addColumn('zip_size', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('exports_status_idx').on('exports').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('exports_user_created_idx')
    .on('exports')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('exports_created_idx').on('exports').column('created_at').execute();
}
