import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { type Criteria, dated, type SiteRow } from './gallery.repository.ts';

export type SiteFoldersOptions = {
  /**
   * Date ranges holding fewer site-days than this are answered by reading them in date order;
   * longer ones by one probe per site. 0: always probe. PostgreSQL pays ~10 µs a probe, so reading
   * a month's few thousand index entries is cheaper; SQLite probes in ~1 µs and never needs it.
   */
  rangeScanRows: number;
  /** Sites a search matches are sent inline up to this many, else as the subquery that finds them. */
  inlineSites?: number;
};

type Row = { site_id: number; last_at: number | string; n?: number | string | null; total: number | string };

const ids = (list: number[]) =>
  sql.join(
    list.map((n) => sql.lit(Math.trunc(n))),
    sql`, `,
  );

/**
 * The most recent capture time at site `gs` within the date range: the summary row answers it
 * unless the range cuts the site's span, and then one index probe into gallery_site_days does.
 */
function siteLastAt(c: Criteria): RawBuilder<number | null> {
  if (!dated(c)) return sql`gs.last_taken_at`;
  return sql`CASE
    WHEN gs.last_date < ${c.from} OR gs.first_date > ${c.to} THEN NULL
    WHEN gs.last_date <= ${c.to} AND gs.last_date >= ${c.from} THEN gs.last_taken_at
    ELSE (SELECT d.last_taken_at FROM gallery_site_days d
          WHERE d.site_id = gs.site_id AND d.site_date >= ${c.from} AND d.site_date <= ${c.to}
          ORDER BY d.site_date DESC LIMIT 1)
  END`;
}

/** The same for one (author, site) pair `p`: the author's latest item there within the range. */
function pairLastAt(c: Criteria): RawBuilder<number | null> {
  if (!dated(c)) return sql`p.last_taken_at`;
  return sql`(SELECT d.last_taken_at FROM gallery_days d
    WHERE d.author_id = p.author_id AND d.site_id = p.site_id
      AND d.site_date >= ${c.from} AND d.site_date <= ${c.to}
    ORDER BY d.site_date DESC LIMIT 1)`;
}

/**
 * SITE folders: sites with at least one item meeting the criteria, most recent item first. Every
 * strategy reads summaries only — never media_items — so the cost follows the number of sites
 * (or of site-days in a short range), not of items.
 */
export class SiteFoldersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: SiteFoldersOptions,
  ) {}

  async page(c: Criteria, page: number, size: number): Promise<{ rows: SiteRow[]; total: number }> {
    if (!c.search && !dated(c)) return this.unfiltered(page, size);
    if (!c.search && (await this.shortRange(c))) return this.byRangeScan(c, page, size);
    return this.byProbes(c, page, size);
  }

  private async unfiltered(page: number, size: number) {
    const [rows, { n }] = await Promise.all([
      this.db
        .selectFrom('gallery_sites')
        .select(['site_id', 'last_taken_at', 'item_count'])
        .orderBy('last_taken_at', 'desc')
        .orderBy('site_id', 'desc')
        .limit(size)
        .offset(page * size)
        .execute(),
      this.db
        .selectFrom('gallery_sites')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const content = rows.map((r) => ({
      siteId: r.site_id,
      lastAt: Number(r.last_taken_at),
      itemCount: r.item_count,
    }));
    return { rows: content, total: Number(n) };
  }

  /** Whether the range holds fewer site-days than the scan limit (counting stops there). */
  private async shortRange(c: Criteria): Promise<boolean> {
    const limit = this.options.rangeScanRows;
    if (limit <= 0) return false;
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM (
      SELECT 1 AS one FROM gallery_site_days WHERE site_date >= ${c.from} AND site_date <= ${c.to}
      LIMIT ${limit}) x`.execute(this.db);
    return Number(rows[0]?.n ?? 0) < limit;
  }

  /** The range's site-days in date order, grouped by site: counts come with it. */
  private byRangeScan(c: Criteria, page: number, size: number) {
    return this.paged(
      (limit) => sql<Row>`
        SELECT site_id, max(last_taken_at) AS last_at, sum(item_count) AS n, count(*) OVER () AS total
        FROM gallery_site_days WHERE site_date >= ${c.from} AND site_date <= ${c.to}
        GROUP BY site_id ORDER BY max(last_taken_at) DESC, site_id DESC ${limit}`,
      page,
      size,
    );
  }

  /** One row per site from its summary, probing gallery_site_days only where the range cuts its span. */
  private byProbes(c: Criteria, page: number, size: number) {
    const search = c.search;
    // The matching sites: a short list inline, a long one (a one-letter search) as the query that found it.
    const matched = (list: number[], pattern: string) =>
      list.length <= (this.options.inlineSites ?? 100)
        ? sql`(${ids(list)})`
        : sql`(SELECT s.id FROM sites s WHERE s.search_text LIKE ${pattern} ESCAPE '\\')`;
    // A search narrows the sites to those it matches by name or code; the others still count for
    // their matching authors' items.
    const bySite = !search
      ? sql`SELECT gs.site_id AS site_id, ${siteLastAt(c)} AS last_at FROM gallery_sites gs`
      : search.siteIds.length > 0
        ? sql`SELECT gs.site_id AS site_id, ${siteLastAt(c)} AS last_at FROM gallery_sites gs
            WHERE gs.site_id IN ${matched(search.siteIds, search.pattern)}`
        : undefined;
    const byAuthor =
      search && search.authorIds.length > 0
        ? sql`SELECT p.site_id AS site_id, ${pairLastAt(c)} AS last_at FROM gallery_author_sites p
            WHERE p.author_id IN (${ids(search.authorIds)})
            ${search.siteIds.length > 0 ? sql`AND p.site_id NOT IN ${matched(search.siteIds, search.pattern)}` : sql``}`
        : undefined;
    const parts = [bySite, byAuthor].filter((q) => q !== undefined);
    if (parts.length === 0) return { rows: [], total: 0 };
    // MATERIALIZED: each probe runs once, not once per reference to last_at.
    return this.paged(
      (limit) => sql<Row>`
        WITH cand AS MATERIALIZED (${sql.join(parts, sql` UNION ALL `)})
        SELECT site_id, max(last_at) AS last_at, count(*) OVER () AS total
        FROM cand WHERE last_at IS NOT NULL
        GROUP BY site_id ORDER BY max(last_at) DESC, site_id DESC ${limit}`,
      page,
      size,
    );
  }

  /** A page of `query`, its total from the window count (or, past the last page, a count). */
  private async paged(query: (limit: RawBuilder<unknown>) => RawBuilder<Row>, page: number, size: number) {
    const { rows } = await query(sql`LIMIT ${size} OFFSET ${page * size}`).execute(this.db);
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && page > 0) {
      const counted = await sql<{ n: number }>`SELECT count(*) AS n FROM (${query(sql``)}) x`.execute(
        this.db,
      );
      total = Number(counted.rows[0]?.n ?? 0);
    }
    const content = rows.map((r) => ({
      siteId: r.site_id,
      lastAt: Number(r.last_at),
      ...(r.n !== undefined && r.n !== null && { itemCount: Number(r.n) }),
    }));
    return { rows: content, total };
  }
}
