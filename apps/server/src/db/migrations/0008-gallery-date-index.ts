import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './helpers.ts';

/*
 * The site-days of a date range in date order, for the root level's short date ranges: on
 * PostgreSQL reading a few thousand index entries beats one probe per site (measured 1.3 ms
 * against 5.4 ms for a month at a million items). Covering, so no table row is read.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE INDEX gallery_site_days_date_idx ON gallery_site_days (site_date)
      INCLUDE (site_id, last_taken_at, item_count)`.execute(db);
  } else {
    await db.schema
      .createIndex('gallery_site_days_date_idx')
      .on('gallery_site_days')
      .columns(['site_date', 'site_id', 'last_taken_at', 'item_count'])
      .execute();
  }
}
