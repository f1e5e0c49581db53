import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Criteria, DateRow, MediaRow } from './gallery.repository.ts';

/** DATE folders and media of one site: the day summaries, and media_items by its site-date index. */
export class GalleryItemsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** DATE folders of one site, newest first; `authorIds` restricts to those authors' items. */
  async datePage(
    siteId: number,
    c: Criteria,
    authorIds: number[] | undefined,
    page: number,
    size: number,
  ): Promise<{ rows: DateRow[]; total: number }> {
    // Whole days come straight from gallery_site_days; an author restriction sums that author's rows.
    const days = authorIds
      ? this.db
          .selectFrom('gallery_days')
          .where('site_id', '=', siteId)
          .where('author_id', 'in', authorIds)
          .where('site_date', '>=', c.from)
          .where('site_date', '<=', c.to)
          .select((eb) => ['site_date', eb.fn.sum<number>('item_count').as('n')])
          .groupBy('site_date')
          .as('days')
      : this.db
          .selectFrom('gallery_site_days')
          .where('site_id', '=', siteId)
          .where('site_date', '>=', c.from)
          .where('site_date', '<=', c.to)
          .select(['site_date', 'item_count as n'])
          .as('days');
    const rows = await this.db
      .selectFrom(days)
      .select(['site_date', 'n', sql<number>`count(*) OVER ()`.as('total')])
      .orderBy('site_date', 'desc')
      .limit(size)
      .offset(page * size)
      .execute();
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && page > 0) {
      const r = await this.db
        .selectFrom(days)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      total = Number(r.n);
    }
    return { rows: rows.map((r) => ({ siteDate: r.site_date, itemCount: Number(r.n) })), total };
  }

  /** How many items one site-day folder holds (of `authorIds` when given). */
  async dayCount(siteId: number, siteDate: string, authorIds: number[] | undefined): Promise<number> {
    if (!authorIds) {
      const day = await this.db
        .selectFrom('gallery_site_days')
        .select('item_count')
        .where('site_id', '=', siteId)
        .where('site_date', '=', siteDate)
        .executeTakeFirst();
      return day?.item_count ?? 0;
    }
    const r = await this.db
      .selectFrom('gallery_days')
      .select((eb) => eb.fn.sum<number>('item_count').as('n'))
      .where('site_id', '=', siteId)
      .where('site_date', '=', siteDate)
      .where('author_id', 'in', authorIds)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** One site-day's items, newest first. */
  async mediaPage(
    siteId: number,
    siteDate: string,
    authorIds: number[] | undefined,
    page: number,
    size: number,
  ): Promise<MediaRow[]> {
    let q = this.db
      .selectFrom('media_items')
      .select([
        'id',
        'site_id',
        'author_id',
        'author_name',
        'type',
        'mime_type',
        'taken_at',
        'site_date',
        'width',
        'height',
        'duration_seconds',
        'thumbnail_key',
        'display_key',
      ])
      .where('site_id', '=', siteId)
      .where('site_date', '=', siteDate);
    if (authorIds) q = q.where('author_id', 'in', authorIds);
    const rows = await q
      .orderBy('taken_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset(page * size)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      siteId: r.site_id,
      authorId: r.author_id,
      authorName: r.author_name,
      type: r.type,
      mimeType: r.mime_type,
      takenAt: Number(r.taken_at),
      siteDate: r.site_date,
      width: r.width,
      height: r.height,
      durationSeconds: r.duration_seconds,
      hasThumbnail: r.thumbnail_key !== null,
      hasDisplay: r.display_key !== null,
    }));
  }

  /** What serving an item's files needs. */
  async mediaFiles(id: number) {
    return this.db
      .selectFrom('media_items')
      .select(['id', 'author_id', 'mime_type', 'sha256', 'storage_key', 'thumbnail_key', 'display_key'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
