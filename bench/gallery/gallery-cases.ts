import type { GalleryFilters } from '@app/contract';
import { type Kysely, sql } from 'kysely';
import { fold } from '../../apps/server/src/db/database.ts';
import type { Database } from '../../apps/server/src/db/types.ts';
import { DAYS, dayString, prng, SURNAMES, TOWNS } from './seed-gallery.ts';

type Query = GalleryFilters & { page: number; size: number };
/** One request of a case: a folder listing (levels 1–2) or a DATE folder's media (level 3). */
export type Call =
  | { kind: 'folders'; q: Query }
  | { kind: 'media'; siteId: number; siteDate: string; q: Query };
export type Case = { name: string; level: 1 | 2 | 3; next(): Call };

export type Samples = {
  siteIds: number[];
  siteCodes: string[];
  folders: { siteId: number; siteDate: string }[];
};

/** What the cases draw their parameters from: the seeded sites and a sample of DATE folders. */
export async function samples(db: Kysely<Database>): Promise<Samples> {
  const sites = await db.selectFrom('sites').select(['id', 'code']).orderBy('id').execute();
  const { rows } = await sql<{ site_id: number; site_date: string }>`
    SELECT site_id, site_date FROM gallery_days ORDER BY site_id, site_date`.execute(db);
  const rnd = prng(7);
  const folders = Array.from({ length: 2000 }, () => rnd.pick(rows)).map((r) => ({
    siteId: r.site_id,
    siteDate: r.site_date,
  }));
  return { siteIds: sites.map((s) => s.id), siteCodes: sites.map((s) => s.code), folders };
}

const F = 15;
const M = 8;

/** Every level, with and without each filter, with fresh random parameters on every call. */
export function cases(s: Samples): Case[] {
  const rnd = prng(42);
  const town = () => fold(rnd.pick(TOWNS));
  const range = (days: number) => {
    const start = rnd.int(DAYS - days);
    return { dateFrom: dayString(start), dateTo: dayString(start + days - 1) };
  };
  const folders = (q: Partial<Query>): Call => ({ kind: 'folders', q: { page: 0, size: F, ...q } });
  const media = (q: Partial<Query> = {}): Call => {
    const f = rnd.pick(s.folders);
    return { kind: 'media', siteId: f.siteId, siteDate: f.siteDate, q: { page: 0, size: M, ...q } };
  };
  return [
    { name: 'sites, no filter', level: 1, next: () => folders({}) },
    { name: 'sites, no filter, random page', level: 1, next: () => folders({ page: rnd.int(134) }) },
    { name: 'sites, search town (~2.5% of sites)', level: 1, next: () => folders({ search: town() }) },
    { name: 'sites, search site code', level: 1, next: () => folders({ search: rnd.pick(s.siteCodes) }) },
    {
      name: 'sites, search author surname (10 authors)',
      level: 1,
      next: () => folders({ search: rnd.pick(SURNAMES) }),
    },
    { name: 'sites, dates 1 month', level: 1, next: () => folders(range(30)) },
    { name: 'sites, dates 1 year', level: 1, next: () => folders(range(365)) },
    {
      name: 'sites, dateFrom only (last 90 days)',
      level: 1,
      next: () => folders({ dateFrom: dayString(DAYS - 90) }),
    },
    { name: 'sites, search town + 1 year', level: 1, next: () => folders({ search: town(), ...range(365) }) },
    {
      name: 'sites, search surname + 1 year',
      level: 1,
      next: () => folders({ search: rnd.pick(SURNAMES), ...range(365) }),
    },
    { name: 'sites, search "a" (matches almost all)', level: 1, next: () => folders({ search: 'a' }) },
    { name: 'dates of a site, no filter', level: 2, next: () => folders({ siteId: rnd.pick(s.siteIds) }) },
    {
      name: 'dates of a site, 3 months',
      level: 2,
      next: () => folders({ siteId: rnd.pick(s.siteIds), ...range(90) }),
    },
    {
      name: 'dates of a site, search surname',
      level: 2,
      next: () => folders({ siteId: rnd.pick(s.siteIds), search: rnd.pick(SURNAMES) }),
    },
    { name: 'media of a date, no filter', level: 3, next: () => media() },
    { name: 'media of a date, page 2', level: 3, next: () => media({ page: 1 }) },
    { name: 'media of a date, search surname', level: 3, next: () => media({ search: rnd.pick(SURNAMES) }) },
  ];
}

/** The URL of a call, for the same cases over HTTP. */
export function callUrl(c: Call): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(c.q)) if (v !== undefined) params.set(k, String(v));
  const base = '/apis/api/v1/site-content/gallery';
  return c.kind === 'folders' ? `${base}?${params}` : `${base}/folder/${c.siteId}_${c.siteDate}?${params}`;
}
