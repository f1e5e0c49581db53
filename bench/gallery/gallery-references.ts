import { sql } from 'kysely';
import type { AppContext } from '../../apps/server/src/context.ts';
import { galleryOf } from '../../apps/server/src/modules/gallery/gallery.module.ts';
import { percentile } from '../lib/stats.ts';

export type Reference = { name: string; p50: number; ours: number; ratio: string };

type Naive = { site_id: number; n: number; last_at: number };

async function p50(n: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return percentile(times, 50);
}

/**
 * Side-by-side references: a bare `SELECT 1` round trip (the floor), and the naive way to answer
 * the root level — aggregating media_items on every request. Before timing, the naive answers are
 * compared with ours, so the figures are of two queries that agree.
 */
export async function references(ctx: AppContext, ours: Map<string, number>): Promise<Reference[]> {
  const db = ctx.db.kysely;
  const service = galleryOf(ctx).service;
  const naive = (where: ReturnType<typeof sql>) =>
    sql<Naive>`SELECT site_id, count(*) AS n, max(taken_at) AS last_at FROM media_items ${where}
      GROUP BY site_id ORDER BY max(taken_at) DESC, site_id DESC LIMIT 15`;
  const naiveCases = [
    { name: 'sites, no filter', where: sql``, q: {} },
    {
      name: 'sites, search town (~2.5% of sites)',
      where: sql`WHERE search_text LIKE ${'%zilina%'}`,
      q: { search: 'zilina' },
    },
    {
      name: 'sites, dates 1 year',
      where: sql`WHERE site_date >= ${'2025-01-01'} AND site_date <= ${'2025-12-31'}`,
      q: { dateFrom: '2025-01-01', dateTo: '2025-12-31' },
    },
  ];
  const out: Reference[] = [];
  const select1 = await p50(200, () => sql`SELECT 1`.execute(db));
  const root = ours.get('sites, no filter') ?? Number.NaN;
  out.push({
    name: 'SELECT 1 round trip',
    p50: select1,
    ours: root,
    ratio: `ours ${(root / select1).toFixed(1)}× of it`,
  });
  for (const c of naiveCases) {
    const expected = (await naive(c.where).execute(db)).rows;
    const got = await service.folders({ page: 0, size: 15, ...c.q });
    const same =
      got.content.length === expected.length &&
      got.content.every(
        (f, i) => f.siteId === expected[i]?.site_id && f.itemCount === Number(expected[i]?.n),
      );
    if (!same) throw new Error(`${c.name}: our answer differs from the naive aggregate`);
    const naiveP50 = await p50(5, () => naive(c.where).execute(db));
    const mine = ours.get(c.name) ?? Number.NaN;
    out.push({
      name: `naive GROUP BY over media_items: ${c.name}`,
      p50: naiveP50,
      ours: mine,
      ratio: `ours ${(naiveP50 / mine).toFixed(0)}× faster`,
    });
  }
  return out;
}
