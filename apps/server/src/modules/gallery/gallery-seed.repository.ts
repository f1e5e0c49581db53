import type { Insertable, Kysely } from 'kysely';
import { fold } from '../../db/database.ts';
import type { Database, MediaItemsTable } from '../../db/types.ts';
import type { GallerySummaryRepository } from './gallery-summary.repository.ts';

export type SeedMedia = Omit<Insertable<MediaItemsTable>, 'id' | 'search_text' | 'created_at'> & {
  site_name: string;
  site_code: string;
};

/**
 * Writes sites and media items straight into the tables, for the tests and the benchmark: the
 * gallery can be exercised without the upload path. `insertMedia` counts each item in exactly as
 * an assignment does; `bulkInsert` leaves the summaries to one rebuild afterwards.
 */
export class GallerySeedRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly summary: GallerySummaryRepository,
  ) {}

  async insertSite(site: { name: string; code: string; lat?: number; lng?: number }, now: number) {
    const row = await this.db
      .insertInto('sites')
      .values({
        name: site.name,
        code: site.code,
        code_lower: site.code.toLowerCase(),
        lat: site.lat ?? 48.15,
        lng: site.lng ?? 17.11,
        active: 1,
        search_text: fold(`${site.name} ${site.code}`),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertMedia(m: SeedMedia, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('media_items')
        .values(toRow(m, now))
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.summary.countIn(trx, id);
      return id;
    });
  }

  /** Many items in one statement (the caller batches; mind the bound-parameter limits). */
  async bulkInsert(items: SeedMedia[], now: number): Promise<void> {
    if (items.length === 0) return;
    await this.db
      .insertInto('media_items')
      .values(items.map((m) => toRow(m, now)))
      .execute();
  }
}

function toRow({ site_name, site_code, ...m }: SeedMedia, now: number): Insertable<MediaItemsTable> {
  return { ...m, search_text: fold(`${site_name} ${site_code} ${m.author_name}`), created_at: now };
}
