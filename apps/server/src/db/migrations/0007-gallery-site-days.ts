import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './helpers.ts';

/*
 * One row per (site, date) with items: the DATE folders themselves, and what the root level's
 * date-range probe reads (one index entry per site instead of one per author and day — measured
 * about twice as fast on PostgreSQL at a million items). On PostgreSQL the key carries the counts
 * (INCLUDE) so the probe is an index-only scan; SQLite clusters the table on its key instead.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE TABLE gallery_site_days (
      site_id integer NOT NULL REFERENCES sites (id),
      site_date varchar(10) NOT NULL,
      item_count integer NOT NULL,
      last_taken_at bigint NOT NULL,
      CONSTRAINT gallery_site_days_pk PRIMARY KEY (site_id, site_date) INCLUDE (last_taken_at, item_count)
    )`.execute(db);
  } else {
    await db.schema
      .createTable('gallery_site_days')
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('site_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('item_count', 'integer', (c) => c.notNull())
      .addColumn('last_taken_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('gallery_site_days_pk', ['site_id', 'site_date'])
      .modifyEnd(sql`without rowid`)
      .execute();
  }
  await sql`INSERT INTO gallery_site_days (site_id, site_date, item_count, last_taken_at)
    SELECT site_id, site_date, sum(item_count), max(last_taken_at) FROM gallery_days
    GROUP BY site_id, site_date`.execute(db);
}
