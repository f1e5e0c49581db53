import type { Site, SiteOption } from '@app/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import { containsPattern, type Dialect, fold, toBool, toInt } from '../../db/database.ts';
import type { Database, SitesTable } from '../../db/types.ts';

export type SiteFields = { name: string; code: string; lat: number; lng: number };

const EARTH_RADIUS_METERS = 6_371_008.8;

/** Two writers took the same code at once: the unique index refused the second. */
export class DuplicateSiteCodeError extends Error {}

const isUniqueViolation = (err: unknown): boolean => {
  const code = (err as { code?: string })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

const rethrowDuplicate = (err: unknown): never => {
  throw isUniqueViolation(err) ? new DuplicateSiteCodeError() : err;
};

export const toSite = (s: Selectable<SitesTable>): Site => ({
  id: s.id,
  name: s.name,
  code: s.code,
  lat: Number(s.lat),
  lng: Number(s.lng),
  active: toBool(s.active),
});

export const siteLabel = (s: { code: string; name: string }) => `${s.code} – ${s.name}`;
const siteSearchText = (f: { name: string; code: string }) => fold(`${f.name} ${f.code}`);
/** What a media item is found by: its site's name and code, and its author. */
export const mediaSearchText = (site: { name: string; code: string }, authorName: string) =>
  fold(`${site.name} ${site.code} ${authorName}`);

export class SitesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async findById(id: number): Promise<Site | undefined> {
    const row = await this.db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toSite(row);
  }

  async codeTaken(code: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('sites').select('id').where('code_lower', '=', code.toLowerCase());
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async page(
    search: string | undefined,
    page: number,
    size: number,
  ): Promise<{ content: Site[]; total: number }> {
    let q = this.db.selectFrom('sites');
    if (search?.trim())
      q = q.where(sql<boolean>`search_text LIKE ${containsPattern(search.trim())} ESCAPE '\\'`);
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('name')
        .orderBy('id')
        .limit(size)
        .offset(page * size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { content: rows.map(toSite), total: Number(count.n) };
  }

  /**
   * Active sites for the picker. With a position, ordered by great-circle distance computed by the
   * database (spherical law of cosines; the cosine is clamped to [-1, 1] against rounding).
   */
  async options(search: string | undefined, near: { lat: number; lng: number } | undefined, limit: number) {
    let q = this.db.selectFrom('sites').select(['id', 'name', 'code']).where('active', '=', 1);
    if (search?.trim())
      q = q.where(sql<boolean>`search_text LIKE ${containsPattern(search.trim())} ESCAPE '\\'`);
    if (!near) {
      const rows = await q.orderBy('name').orderBy('id').limit(limit).execute();
      return rows.map((r): SiteOption => ({ value: r.id, label: siteLabel(r) }));
    }
    const [least, greatest] = this.dialect === 'postgres' ? ['least', 'greatest'] : ['min', 'max'];
    const lat = sql`cast(${near.lat} as double precision)`;
    const lng = sql`cast(${near.lng} as double precision)`;
    const cosine = sql`sin(radians(${lat})) * sin(radians(lat)) + cos(radians(${lat})) * cos(radians(lat)) * cos(radians(lng - ${lng}))`;
    const distance = sql<number>`${sql.raw(`${EARTH_RADIUS_METERS}`)} * acos(${sql.raw(least)}(1.0, ${sql.raw(greatest)}(-1.0, ${cosine})))`;
    const rows = await q
      .select(distance.as('distance'))
      .orderBy('distance')
      .orderBy('name')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(
      (r): SiteOption => ({
        value: r.id,
        label: siteLabel(r),
        distanceMeters: Math.round(Number(r.distance)),
      }),
    );
  }

  async insert(f: SiteFields, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('sites')
      .values({
        name: f.name,
        code: f.code,
        code_lower: f.code.toLowerCase(),
        lat: f.lat,
        lng: f.lng,
        active: 1,
        search_text: siteSearchText(f),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(rethrowDuplicate);
    return id;
  }

  /**
   * Updates a site; when its name or code changes, the search text copied into its media items
   * follows in the same transaction (per author, since the author's name is part of it).
   */
  async update(id: number, f: SiteFields & { active?: boolean }, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('sites')
        .select(['name', 'code'])
        .where('id', '=', id)
        .executeTakeFirst();
      await trx
        .updateTable('sites')
        .set({
          name: f.name,
          code: f.code,
          code_lower: f.code.toLowerCase(),
          lat: f.lat,
          lng: f.lng,
          ...(f.active !== undefined && { active: toInt(f.active) }),
          search_text: siteSearchText(f),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute()
        .catch(rethrowDuplicate);
      if (!before || (before.name === f.name && before.code === f.code)) return;
      const authors = await trx
        .selectFrom('media_items')
        .select('author_name')
        .distinct()
        .where('site_id', '=', id)
        .execute();
      for (const { author_name } of authors) {
        await trx
          .updateTable('media_items')
          .set({ search_text: mediaSearchText(f, author_name) })
          .where('site_id', '=', id)
          .where('author_name', '=', author_name)
          .execute();
      }
    });
  }

  async deactivate(id: number, now: number): Promise<void> {
    await this.db.updateTable('sites').set({ active: 0, updated_at: now }).where('id', '=', id).execute();
  }
}
