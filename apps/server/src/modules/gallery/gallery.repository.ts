import { type Kysely, sql } from 'kysely';
import { containsPattern, fold } from '../../db/database.ts';
import type { Database, MediaType } from '../../db/types.ts';

export const NO_DATE_FROM = '0000-01-01';
export const NO_DATE_TO = '9999-12-31';

/**
 * What an item must satisfy: its site date within [from, to] and, with a search, its site being
 * one the search matches by name or code, or its author one it matches by name.
 */
export type Criteria = {
  from: string;
  to: string;
  /** `pattern`: the LIKE pattern the site ids came from (a long list is better sent as a subquery). */
  search?: { pattern: string; siteIds: number[]; authorIds: number[] };
};

/** A SITE folder's site and its latest capture time; `itemCount` when the query knew it. */
export type SiteRow = { siteId: number; lastAt: number; itemCount?: number };
export type DateRow = { siteDate: string; itemCount: number };
export type MediaRow = {
  id: number;
  siteId: number;
  authorId: number;
  authorName: string;
  type: MediaType;
  mimeType: string;
  takenAt: number;
  siteDate: string;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  hasThumbnail: boolean;
  hasDisplay: boolean;
};

export const dated = (c: Criteria) => c.from !== NO_DATE_FROM || c.to !== NO_DATE_TO;

export class GalleryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Users whose name ("first last" or "last first") contains `term`, folded. */
  async authorsMatching(term: string): Promise<number[]> {
    const folded = fold(term);
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where(sql<boolean>`search_text LIKE ${containsPattern(term)} ESCAPE '\\'`)
      .execute();
    return rows
      .filter(
        (u) =>
          fold(`${u.first_name} ${u.last_name}`).includes(folded) ||
          fold(`${u.last_name} ${u.first_name}`).includes(folded),
      )
      .map((u) => u.id);
  }

  /** Sites whose name or code contains `term`, folded. */
  async sitesMatching(term: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('sites')
      .select('id')
      .where(sql<boolean>`search_text LIKE ${containsPattern(term)} ESCAPE '\\'`)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Items meeting `c` per site in `siteIds`; `authorsOnly` are the sites the search matches only
   * through their authors.
   */
  async siteCounts(c: Criteria, siteIds: number[], authorsOnly: Set<number>): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    const whole = siteIds.filter((id) => !authorsOnly.has(id));
    const partial = siteIds.filter((id) => authorsOnly.has(id));
    const add = (rows: { site_id: number; n: number | string | bigint | null }[]) => {
      for (const r of rows) counts.set(r.site_id, (counts.get(r.site_id) ?? 0) + Number(r.n ?? 0));
    };
    if (!dated(c)) {
      if (whole.length > 0) {
        const rows = await this.db
          .selectFrom('gallery_sites')
          .select(['site_id', 'item_count as n'])
          .where('site_id', 'in', whole)
          .execute();
        add(rows);
      }
      if (partial.length > 0 && c.search && c.search.authorIds.length > 0) {
        const rows = await this.db
          .selectFrom('gallery_author_sites')
          .select((eb) => ['site_id', eb.fn.sum<number>('item_count').as('n')])
          .where('site_id', 'in', partial)
          .where('author_id', 'in', c.search.authorIds)
          .groupBy('site_id')
          .execute();
        add(rows);
      }
      return counts;
    }
    for (const [list, authors] of [
      [whole, undefined],
      [partial, c.search?.authorIds ?? []],
    ] as const) {
      if (list.length === 0 || authors?.length === 0) continue;
      // Whole sites sum their days; sites found through their authors sum those authors' days.
      const table = authors ? 'gallery_days' : 'gallery_site_days';
      let q = this.db
        .selectFrom(table)
        .select((eb) => ['site_id', eb.fn.sum<number>('item_count').as('n')])
        .where('site_id', 'in', list)
        .where('site_date', '>=', c.from)
        .where('site_date', '<=', c.to);
      if (authors) q = q.where(sql.ref('author_id'), 'in', authors);
      add(await q.groupBy('site_id').execute());
    }
    return counts;
  }

  /**
   * The most recent item of each site at its known latest capture time (a probe on the
   * taken_at index), restricted to `authorIds` for the sites in `authorsOnly`.
   */
  async covers(
    sites: { siteId: number; lastAt: number }[],
    authorsOnly: Set<number>,
    authorIds: number[],
  ): Promise<Map<number, { id: number; hasThumbnail: boolean }>> {
    const covers = new Map<number, { id: number; hasThumbnail: boolean }>();
    if (sites.length === 0) return covers;
    const rows = await this.db
      .selectFrom('media_items')
      .select(['id', 'site_id', 'author_id', 'thumbnail_key'])
      .where((eb) =>
        eb.or(sites.map((s) => eb.and([eb('taken_at', '=', s.lastAt), eb('site_id', '=', s.siteId)]))),
      )
      .execute();
    const authors = new Set(authorIds);
    for (const r of rows) {
      if (authorsOnly.has(r.site_id) && !authors.has(r.author_id)) continue;
      const seen = covers.get(r.site_id);
      if (!seen || r.id > seen.id)
        covers.set(r.site_id, { id: r.id, hasThumbnail: r.thumbnail_key !== null });
    }
    return covers;
  }

  async siteNames(siteIds: number[]): Promise<Map<number, { name: string; code: string }>> {
    if (siteIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('sites')
      .select(['id', 'name', 'code'])
      .where('id', 'in', siteIds)
      .execute();
    return new Map(rows.map((r) => [r.id, { name: r.name, code: r.code }]));
  }
}
