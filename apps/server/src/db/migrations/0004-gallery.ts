import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './helpers.ts';

/*
 * Gallery summaries, kept by the assignment's transaction (gallery module's assign listener), so
 * no folder level ever aggregates media_items: at a million items the root reads ≤ one row per
 * site and the filtered levels probe these small tables by index.
 * - gallery_sites: one row per site with items (the unfiltered root, newest first).
 * - gallery_author_sites: one row per (author, site) pair (the author part of a search).
 * - gallery_days: one row per (site, date, author) — every filter (site, date range, author) is
 *   decided at that grain, so counts and "most recent" stay exact under any filter.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  // SQLite: cluster the rows by their key, so a key probe reads the counts without a second lookup.
  const clustered = dialect === 'sqlite' ? sql`without rowid` : sql``;

  await db.schema
    .createTable('gallery_sites')
    .addColumn('site_id', 'integer', (c) => c.primaryKey().references('sites.id'))
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('last_taken_at', 'bigint', (c) => c.notNull())
    .addColumn('first_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('last_date', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gallery_sites_recent_idx')
    .on('gallery_sites')
    .columns(['last_taken_at', 'site_id'])
    .execute();

  await db.schema
    .createTable('gallery_author_sites')
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('last_taken_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('gallery_author_sites_pk', ['author_id', 'site_id'])
    .modifyEnd(clustered)
    .execute();

  await db.schema
    .createTable('gallery_days')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('site_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('last_taken_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('gallery_days_pk', ['site_id', 'site_date', 'author_id'])
    .modifyEnd(clustered)
    .execute();
  // An author's days at one site, for searches that match the author but not the site.
  await db.schema
    .createIndex('gallery_days_author_idx')
    .on('gallery_days')
    .columns(['author_id', 'site_id', 'site_date', 'last_taken_at', 'item_count'])
    .execute();

  // Items assigned before this migration (none in a fresh install).
  await sql`INSERT INTO gallery_days (site_id, site_date, author_id, item_count, last_taken_at)
    SELECT site_id, site_date, author_id, count(*), max(taken_at) FROM media_items
    GROUP BY site_id, site_date, author_id`.execute(db);
  await sql`INSERT INTO gallery_author_sites (author_id, site_id, item_count, last_taken_at)
    SELECT author_id, site_id, sum(item_count), max(last_taken_at) FROM gallery_days
    GROUP BY author_id, site_id`.execute(db);
  await sql`INSERT INTO gallery_sites (site_id, item_count, last_taken_at, first_date, last_date)
    SELECT site_id, sum(item_count), max(last_taken_at), min(site_date), max(site_date) FROM gallery_days
    GROUP BY site_id`.execute(db);
}
