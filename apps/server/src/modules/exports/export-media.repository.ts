import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { LayoutItem } from './zip-names.ts';

/**
 * Which media items an export takes: the gallery's filters resolved the gallery's way (see
 * export-selection.ts), frozen at `maxMediaId` so every attempt exports the same items.
 */
export type Selection = {
  from?: string;
  to?: string;
  siteId?: number;
  /** LIKE pattern (containsPattern) over the site's folded name and code… */
  pattern?: string;
  /** …or the item's author being one of these (authors whose name matches the search). */
  authorIds: number[];
  maxMediaId: number;
};

export type ExportItem = LayoutItem & { size: number };

/** Items come in index order (site, day, capture time, id); a batch continues after the last one. */
export type Cursor = Pick<ExportItem, 'siteId' | 'siteDate' | 'takenAt' | 'id'>;

const matches = (sel: Selection) => (eb: ExpressionBuilder<Database, 'media_items'>) => {
  const conds = [eb('media_items.id', '<=', sel.maxMediaId)];
  if (sel.from) conds.push(eb('media_items.site_date', '>=', sel.from));
  if (sel.to) conds.push(eb('media_items.site_date', '<=', sel.to));
  if (sel.siteId !== undefined) conds.push(eb('media_items.site_id', '=', sel.siteId));
  if (sel.pattern !== undefined) {
    const bySite = eb(
      'media_items.site_id',
      'in',
      eb
        .selectFrom('sites as ms')
        .select('ms.id')
        .where(sql<boolean>`ms.search_text LIKE ${sel.pattern} ESCAPE '\\'`),
    );
    conds.push(
      sel.authorIds.length > 0 ? eb.or([bySite, eb('media_items.author_id', 'in', sel.authorIds)]) : bySite,
    );
  }
  return eb.and(conds);
};

export class ExportMediaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async site(id: number): Promise<{ id: number; code: string; name: string } | undefined> {
    return this.db.selectFrom('sites').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();
  }

  /** The newest media id (0 when there is none). */
  async maxMediaId(): Promise<number> {
    const r = await this.db
      .selectFrom('media_items')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    return Number(r?.m ?? 0);
  }

  async totals(sel: Selection): Promise<{ count: number; bytes: number }> {
    const r = await this.db
      .selectFrom('media_items')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('size').as('bytes')])
      .where(matches(sel))
      .executeTakeFirstOrThrow();
    return { count: Number(r.n), bytes: Number(r.bytes ?? 0) };
  }

  async batch(sel: Selection, after: Cursor | undefined, limit: number): Promise<ExportItem[]> {
    let q = this.db
      .selectFrom('media_items')
      .innerJoin('sites', 'sites.id', 'media_items.site_id')
      .select([
        'media_items.id',
        'media_items.site_id',
        'media_items.site_date',
        'media_items.taken_at',
        'media_items.author_name',
        'media_items.mime_type',
        'media_items.storage_key',
        'media_items.size',
        'sites.code',
        'sites.name',
      ])
      .where((eb) => matches(sel)(eb as unknown as ExpressionBuilder<Database, 'media_items'>));
    if (after) {
      q = q.where((eb) =>
        eb(
          eb.refTuple(
            'media_items.site_id',
            'media_items.site_date',
            'media_items.taken_at',
            'media_items.id',
          ),
          '>',
          eb.tuple(after.siteId, after.siteDate, after.takenAt, after.id),
        ),
      );
    }
    const rows = await q
      .orderBy('media_items.site_id')
      .orderBy('media_items.site_date')
      .orderBy('media_items.taken_at')
      .orderBy('media_items.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      siteId: r.site_id,
      siteCode: r.code,
      siteName: r.name,
      siteDate: r.site_date,
      takenAt: Number(r.taken_at),
      authorName: r.author_name,
      mimeType: r.mime_type,
      storageKey: r.storage_key,
      size: Number(r.size),
    }));
  }
}
