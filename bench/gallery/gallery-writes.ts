import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../apps/server/src/context.ts';
import { galleryOf } from '../../apps/server/src/modules/gallery/gallery.module.ts';
import { percentile } from '../lib/stats.ts';

class Rollback extends Error {}

/**
 * What the summaries cost an assignment: an item inserted alone, against the item plus the three
 * summary upserts the gallery's assign listener makes — timed inside one transaction that is
 * rolled back, so the seeded database stays as it was.
 */
export async function writeCost(
  ctx: AppContext,
  n = 200,
): Promise<{ name: string; p50: number; p95: number }[]> {
  const db = ctx.db.kysely;
  const summary = galleryOf(ctx).summary;
  const { rows } = await sql<{ site_id: number; author_id: number; site_date: string; taken_at: number }>`
    SELECT site_id, author_id, site_date, taken_at FROM media_items ORDER BY id DESC LIMIT ${n}`.execute(db);
  const out: { name: string; p50: number; p95: number }[] = [];
  for (const withSummary of [false, true]) {
    const times: number[] = [];
    await db
      .transaction()
      .execute(async (trx) => {
        for (const r of rows) {
          const t = performance.now();
          const { id } = await trx
            .insertInto('media_items')
            .values({
              ...r,
              author_name: 'Bench',
              type: 'IMAGE',
              mime_type: 'image/jpeg',
              size: 1,
              sha256: randomBytes(32).toString('hex'),
              storage_key: 'media/bench/original.jpg',
              thumbnail_key: null,
              display_key: null,
              width: null,
              height: null,
              duration_seconds: null,
              lat: null,
              lng: null,
              search_text: 'bench',
              created_at: 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (withSummary) await summary.countIn(trx, id);
          times.push(performance.now() - t);
        }
        throw new Rollback();
      })
      .catch((err) => {
        if (!(err instanceof Rollback)) throw err;
      });
    out.push({
      name: withSummary ? 'write: item + gallery summaries' : 'write: item alone',
      p50: percentile(times, 50),
      p95: percentile(times, 95),
    });
  }
  return out;
}
