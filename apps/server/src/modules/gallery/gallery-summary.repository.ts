import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

// The existing row against the proposed one (`excluded`), written the same on SQLite and PostgreSQL.
const pick = <T>(table: string, column: string, op: '<' | '>') => {
  const old = sql.ref(`${table}.${column}`);
  const next = sql.ref(`excluded.${column}`);
  return sql<T>`CASE WHEN ${next} ${sql.raw(op)} ${old} THEN ${next} ELSE ${old} END`;
};
const later = <T = number>(table: string, column: string) => pick<T>(table, column, '>');
const earlier = <T = string>(table: string, column: string) => pick<T>(table, column, '<');
const plusOne = (table: string) => sql<number>`${sql.ref(`${table}.item_count`)} + 1`;

/**
 * The gallery's summary tables (migrations 0004, 0007). Every new media item is counted once, in the
 * transaction that creates it, so the folder levels never aggregate media_items.
 */
export class GallerySummaryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Counts the new item `mediaId` in; `trx` is the assignment's transaction. */
  async countIn(trx: Kysely<Database>, mediaId: number): Promise<void> {
    const m = await trx
      .selectFrom('media_items')
      .select(['site_id', 'author_id', 'site_date', 'taken_at'])
      .where('id', '=', mediaId)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('gallery_days')
      .values({
        site_id: m.site_id,
        site_date: m.site_date,
        author_id: m.author_id,
        item_count: 1,
        last_taken_at: m.taken_at,
      })
      .onConflict((oc) =>
        oc.columns(['site_id', 'site_date', 'author_id']).doUpdateSet({
          item_count: plusOne('gallery_days'),
          last_taken_at: later('gallery_days', 'last_taken_at'),
        }),
      )
      .execute();
    await trx
      .insertInto('gallery_site_days')
      .values({ site_id: m.site_id, site_date: m.site_date, item_count: 1, last_taken_at: m.taken_at })
      .onConflict((oc) =>
        oc.columns(['site_id', 'site_date']).doUpdateSet({
          item_count: plusOne('gallery_site_days'),
          last_taken_at: later('gallery_site_days', 'last_taken_at'),
        }),
      )
      .execute();
    await trx
      .insertInto('gallery_author_sites')
      .values({ author_id: m.author_id, site_id: m.site_id, item_count: 1, last_taken_at: m.taken_at })
      .onConflict((oc) =>
        oc.columns(['author_id', 'site_id']).doUpdateSet({
          item_count: plusOne('gallery_author_sites'),
          last_taken_at: later('gallery_author_sites', 'last_taken_at'),
        }),
      )
      .execute();
    await trx
      .insertInto('gallery_sites')
      .values({
        site_id: m.site_id,
        item_count: 1,
        last_taken_at: m.taken_at,
        first_date: m.site_date,
        last_date: m.site_date,
      })
      .onConflict((oc) =>
        oc.column('site_id').doUpdateSet({
          item_count: plusOne('gallery_sites'),
          last_taken_at: later('gallery_sites', 'last_taken_at'),
          first_date: earlier('gallery_sites', 'first_date'),
          last_date: later<string>('gallery_sites', 'last_date'),
        }),
      )
      .execute();
  }

  /** Recomputes every summary from media_items (after a bulk load that bypassed assignment). */
  async rebuild(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('gallery_sites').execute();
      await trx.deleteFrom('gallery_author_sites').execute();
      await trx.deleteFrom('gallery_days').execute();
      await trx.deleteFrom('gallery_site_days').execute();
      await sql`INSERT INTO gallery_days (site_id, site_date, author_id, item_count, last_taken_at)
        SELECT site_id, site_date, author_id, count(*), max(taken_at) FROM media_items
        GROUP BY site_id, site_date, author_id`.execute(trx);
      await sql`INSERT INTO gallery_site_days (site_id, site_date, item_count, last_taken_at)
        SELECT site_id, site_date, sum(item_count), max(last_taken_at) FROM gallery_days
        GROUP BY site_id, site_date`.execute(trx);
      await sql`INSERT INTO gallery_author_sites (author_id, site_id, item_count, last_taken_at)
        SELECT author_id, site_id, sum(item_count), max(last_taken_at) FROM gallery_days
        GROUP BY author_id, site_id`.execute(trx);
      await sql`INSERT INTO gallery_sites (site_id, item_count, last_taken_at, first_date, last_date)
        SELECT site_id, sum(item_count), max(last_taken_at), min(site_date), max(site_date)
        FROM gallery_days GROUP BY site_id`.execute(trx);
    });
  }
}
