import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers.ts';

/**
 * What the upload protocol needs beyond 0002: each chunk's Content-Range start (to prove the
 * chunks tile the file before assembling), and a refused upload's answer, so every instance and
 * every resent chunk gets the same 4xx.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('upload_chunks').addColumn('range_start', 'bigint').execute();
  await db.schema.alterTable('uploads').addColumn('error_status', 'integer').execute();
  await db.schema.alterTable('uploads').addColumn('error_code', 'varchar(50)').execute();
  await db.schema.alterTable('uploads').addColumn('error_message', 'varchar(300)').execute();
}
