import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { AppContext } from '../../apps/server/src/context.ts';
import { fold } from '../../apps/server/src/db/database.ts';
import { galleryOf } from '../../apps/server/src/modules/gallery/gallery.module.ts';
import {
  GallerySeedRepository,
  type SeedMedia,
} from '../../apps/server/src/modules/gallery/gallery-seed.repository.ts';
import { UsersRepository } from '../../apps/server/src/modules/users/users.repository.ts';

export const TOWNS = [
  'Bratislava',
  'Košice',
  'Prešov',
  'Žilina',
  'Nitra',
  'Banská Bystrica',
  'Trnava',
  'Trenčín',
  'Martin',
  'Poprad',
  'Prievidza',
  'Zvolen',
  'Považská Bystrica',
  'Michalovce',
  'Nové Zámky',
  'Spišská Nová Ves',
  'Komárno',
  'Levice',
  'Humenné',
  'Bardejov',
  'Liptovský Mikuláš',
  'Ružomberok',
  'Piešťany',
  'Topoľčany',
  'Čadca',
  'Dubnica nad Váhom',
  'Rimavská Sobota',
  'Partizánske',
  'Šaľa',
  'Dunajská Streda',
  'Pezinok',
  'Hlohovec',
  'Senica',
  'Brezno',
  'Snina',
  'Rožňava',
  'Levoča',
  'Skalica',
  'Malacky',
  'Stará Ľubovňa',
];
const KINDS = [
  'Bytový dom',
  'Rodinný dom',
  'Polyfunkčný objekt',
  'Rekonštrukcia školy',
  'Most',
  'Obchodné centrum',
  'Sklad',
  'Administratívna budova',
  'Kanalizácia',
  'Cesta',
];
const FIRST = [
  'Ján',
  'Peter',
  'Martin',
  'Michal',
  'Jozef',
  'Tomáš',
  'Marek',
  'Lukáš',
  'Juraj',
  'Ľubomír',
  'Mária',
  'Anna',
  'Zuzana',
  'Katarína',
  'Ľubica',
  'Eva',
  'Jana',
  'Lucia',
  'Štefan',
  'Dušan',
];
export const SURNAMES = [
  'Horváth',
  'Kováč',
  'Varga',
  'Tóth',
  'Nagy',
  'Baláž',
  'Szabó',
  'Molnár',
  'Novák',
  'Šimko',
  'Lukáč',
  'Kollár',
  'Polák',
  'Hudák',
  'Krajčí',
  'Oravec',
  'Kráľ',
  'Blaho',
  'Ďurica',
  'Šťastný',
  'Gajdoš',
  'Bartoš',
  'Mráz',
  'Čierny',
  'Urban',
  'Jurík',
  'Hrivnák',
  'Sloboda',
  'Beňo',
  'Kučera',
];

/** Three years of days, ending 2026-10-31. */
export const FIRST_DAY = Date.UTC(2023, 10, 1);
export const DAYS = 1096;
const DAY_MS = 86_400_000;
export const dayString = (day: number) => new Date(FIRST_DAY + day * DAY_MS).toISOString().slice(0, 10);

/** A small deterministic PRNG (mulberry32): the same data on both databases, run after run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T,
  };
}

/** Minutes Bratislava is ahead of UTC on a day (60 or 120), from the platform's time-zone data. */
const offsets = new Map<number, number>();
function offsetMinutes(day: number, timeZone: string): number {
  let m = offsets.get(day);
  if (m === undefined) {
    const name = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date(FIRST_DAY + day * DAY_MS + 12 * 3600_000))
      .find((p) => p.type === 'timeZoneName')?.value;
    m = Number(name?.replace('GMT', '') || 0) * 60;
    offsets.set(day, m);
  }
  return m;
}

/** The files every seeded item points at, so the file routes can be measured too. */
export async function benchFiles(ctx: AppContext): Promise<void> {
  await ctx.storage.put('media/bench/original.jpg', Readable.from([randomBytes(200_000)]));
  await ctx.storage.put('media/bench/thumbnail.webp', Readable.from([randomBytes(20_000)]));
}

export type SeedPlan = { sites: number; authors: number; items: number };
export type Seeded = { siteIds: number[]; siteCodes: string[]; authorIds: number[] };

/**
 * Sites with a working span each (30–540 days somewhere in the three years), a crew of 1–4
 * authors, and 100–900 items (scaled to the planned total) spread over their working days between
 * 06:00 and 19:00 local time. Items go in by bulk insert; the summaries are rebuilt once after.
 */
export async function seedGallery(
  ctx: AppContext,
  plan: SeedPlan,
  log: (s: string) => void,
): Promise<Seeded> {
  const rnd = prng(20261122);
  const now = Date.now();
  const db = ctx.db.kysely;
  const summary = galleryOf(ctx).summary;
  const users = new UsersRepository(db);

  const authors: { id: number; name: string }[] = [];
  for (let j = 0; j < plan.authors; j += 1) {
    const firstName = FIRST[Math.floor(j / 15) % FIRST.length] as string;
    const lastName = SURNAMES[j % SURNAMES.length] as string;
    const id = await users.insert(
      {
        firstName,
        lastName,
        email: `author${j}@bench.sk`,
        passwordHash: null,
        admin: false,
        active: true,
        status: 'ACTIVE',
        changePassword: false,
        permissions: ['ADD_PHOTOS'],
      },
      now,
    );
    authors.push({ id, name: `${firstName} ${lastName}` });
  }

  const sites: { id: number; name: string; code: string }[] = [];
  await db.transaction().execute(async (trx) => {
    const inTrx = new GallerySeedRepository(trx, summary);
    for (let i = 0; i < plan.sites; i += 1) {
      const town = TOWNS[i % TOWNS.length] as string;
      const name = `${rnd.pick(KINDS)} ${town} ${i + 1}`;
      const code = `${fold(town).slice(0, 2).toUpperCase()}-${String(i + 1).padStart(4, '0')}`;
      sites.push({ id: await inTrx.insertSite({ name, code }, now), name, code });
    }
  });
  log(`${plan.authors} authors, ${plan.sites} sites`);

  const weights = sites.map(() => 100 + rnd.next() * 800);
  const scale = plan.items / weights.reduce((a, b) => a + b, 0);
  let remaining = plan.items;
  let batch: SeedMedia[] = [];
  const started = Date.now();
  const flush = async () => {
    const rows = batch;
    batch = [];
    await db.transaction().execute(async (trx) => {
      const inTrx = new GallerySeedRepository(trx, summary);
      for (let k = 0; k < rows.length; k += 1000) await inTrx.bulkInsert(rows.slice(k, k + 1000), now);
    });
  };
  for (const [i, site] of sites.entries()) {
    const count =
      i === sites.length - 1 ? remaining : Math.min(remaining, Math.round((weights[i] as number) * scale));
    remaining -= count;
    const span = 30 + rnd.int(511);
    const start = rnd.int(DAYS - 30);
    const end = Math.min(DAYS - 1, start + span);
    const workDays = Array.from(
      { length: Math.max(5, Math.round((end - start + 1) * 0.4)) },
      () => start + rnd.int(end - start + 1),
    );
    const crew = Array.from({ length: 1 + rnd.int(4) }, () => rnd.pick(authors));
    for (let k = 0; k < count; k += 1) {
      const day = rnd.pick(workDays);
      const author = rnd.pick(crew);
      const local = 6 * 3600 + rnd.int(13 * 3600);
      const takenAt =
        FIRST_DAY + day * DAY_MS + local * 1000 - offsetMinutes(day, ctx.config.tzGallery) * 60_000;
      const video = rnd.next() < 0.1;
      batch.push({
        site_id: site.id,
        site_name: site.name,
        site_code: site.code,
        author_id: author.id,
        author_name: author.name,
        type: video ? 'VIDEO' : 'IMAGE',
        mime_type: video ? 'video/mp4' : 'image/jpeg',
        size: 200_000,
        sha256: randomBytes(32).toString('hex'),
        storage_key: 'media/bench/original.jpg',
        thumbnail_key: 'media/bench/thumbnail.webp',
        display_key: null,
        width: video ? null : 4032,
        height: video ? null : 3024,
        duration_seconds: video ? 5 + rnd.int(120) : null,
        taken_at: takenAt,
        site_date: dayString(day),
        lat: null,
        lng: null,
      });
    }
    if (batch.length >= 50_000) {
      await flush();
      log(
        `  ${plan.items - remaining - batch.length} items (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
  }
  await flush();
  log(`${plan.items} items inserted in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  let t = Date.now();
  await summary.rebuild();
  log(`summaries rebuilt in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  t = Date.now();
  // What autovacuum / a periodic ANALYZE gives a production database; PostgreSQL's index-only
  // scans also need the visibility map VACUUM sets.
  await sql`${sql.raw(ctx.db.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE')}`.execute(db);
  log(`analyzed in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return {
    siteIds: sites.map((s) => s.id),
    siteCodes: sites.map((s) => s.code),
    authorIds: authors.map((a) => a.id),
  };
}
