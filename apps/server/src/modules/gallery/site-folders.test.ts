import type { SiteFolder } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../db/database.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { galleryOf } from './gallery.module.ts';
import { GalleryService } from './gallery.service.ts';
import { type Author, galleryKit } from './gallery-test-kit.ts';
import { siteDateOf } from './site-date.ts';
import { SiteFoldersRepository } from './site-folders.repository.ts';

/**
 * The root level has three ways to answer (summary, one probe per site, a scan of the range's
 * site-days); whichever the database uses, the answer must be the one a plain filter over the
 * items gives. Checked on a few hundred random items against that oracle, every strategy forced.
 */
type Item = { id: number; siteId: number; author: Author; takenAt: number; siteDate: string };

let server: TestServer;
const sites: { id: number; name: string; code: string }[] = [];
const items: Item[] = [];
const DAY = 86_400_000;
const START = Date.parse('2026-02-20T00:00:00Z');

let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T;

beforeAll(async () => {
  server = await startServer();
  const admin = await server.admin();
  const kit = galleryKit(server);
  const authors = [
    await kit.author(admin, 'Ľuboš', 'Vrábeľ', ['ADD_PHOTOS']),
    await kit.author(admin, 'Anna', 'Hronská', ['ADD_PHOTOS']),
    await kit.author(admin, 'Igor', 'Dobrý', ['ADD_PHOTOS']),
  ];
  for (const [name, code] of [
    ['Dom Senec', 'SC-1'],
    ['Hala Senica', 'SE-2'],
    ['Most Hron', 'ZH-3'],
    ['Škola Dobrá Niva', 'DN-4'],
    ['Sklad Levice', 'LV-5'],
    ['Park Lučenec', 'LC-6'],
  ]) {
    sites.push(await kit.site(name as string, code as string));
  }
  const tz = server.app.ctx.config.tzGallery;
  for (let i = 0; i < 240; i += 1) {
    const site = pick(sites);
    const author = pick(authors);
    // Some sites only work early or late in the span, so ranges cut their spans.
    const lean = sites.indexOf(site) % 3;
    const day = Math.floor(random() * 40) + lean * 10;
    const takenAt = START + day * DAY + Math.floor(random() * DAY);
    const { id } = await kit.media({ site, author, takenAt: new Date(takenAt).toISOString() });
    items.push({ id, siteId: site.id, author, takenAt, siteDate: siteDateOf(takenAt, tz) });
  }
});

afterAll(() => server?.close());

type Q = { search?: string; dateFrom?: string; dateTo?: string };

function oracle(q: Q) {
  const term = q.search ? fold(q.search) : undefined;
  const passes = (i: Item) => {
    const site = sites.find((s) => s.id === i.siteId);
    const bySite = term === undefined || fold(`${site?.name} ${site?.code}`).includes(term);
    const byAuthor = term !== undefined && fold(i.author.name).includes(term);
    return (
      (bySite || byAuthor) &&
      (!q.dateFrom || i.siteDate >= q.dateFrom) &&
      (!q.dateTo || i.siteDate <= q.dateTo)
    );
  };
  const bySite = new Map<number, Item[]>();
  for (const i of items.filter(passes)) bySite.set(i.siteId, [...(bySite.get(i.siteId) ?? []), i]);
  return [...bySite.entries()]
    .map(([siteId, list]) => {
      const last = Math.max(...list.map((i) => i.takenAt));
      const cover = Math.max(...list.filter((i) => i.takenAt === last).map((i) => i.id));
      return { siteId, last, itemCount: list.length, cover };
    })
    .sort((a, b) => b.last - a.last || b.siteId - a.siteId);
}

const day = (n: number) => siteDateOf(START + n * DAY, 'Europe/Bratislava');

describe('SITE folder strategies', () => {
  it('agree with a plain filter over the items, for every strategy', async () => {
    const m = galleryOf(server.app.ctx);
    const db = server.app.ctx.db.kysely;
    const strategies = {
      probes: new GalleryService(m.repo, new SiteFoldersRepository(db, { rangeScanRows: 0 }), m.items),
      'probes, sites by subquery': new GalleryService(
        m.repo,
        new SiteFoldersRepository(db, { rangeScanRows: 0, inlineSites: 0 }),
        m.items,
      ),
      scan: new GalleryService(m.repo, new SiteFoldersRepository(db, { rangeScanRows: 1_000_000 }), m.items),
      configured: m.service,
    };
    const queries: Q[] = [
      {},
      { search: 'SENEC' },
      { search: 'se' },
      { search: 'vrabel' },
      { search: 'dobr' },
    ];
    for (let k = 0; k < 25; k += 1) {
      const from = Math.floor(random() * 60) - 5;
      const to = from + Math.floor(random() * 30);
      queries.push({ dateFrom: day(from), dateTo: day(to) });
      if (k % 3 === 0) queries.push({ dateFrom: day(from) }, { dateTo: day(to) });
      if (k % 4 === 0)
        queries.push({ dateFrom: day(from), dateTo: day(to), search: pick(['hron', 'anna', 'lc-6']) });
    }
    for (const q of queries) {
      const want = oracle(q);
      for (const [name, service] of Object.entries(strategies)) {
        const got = await service.folders({ page: 0, size: 100, ...q });
        const what = `${name} ${JSON.stringify(q)}`;
        expect(got.totalElements, what).toBe(want.length);
        expect(
          (got.content as SiteFolder[]).map((f) => ({
            siteId: f.siteId,
            itemCount: f.itemCount,
            cover: f.coverThumbnailUrl,
          })),
          what,
        ).toEqual(
          want.map((w) => ({
            siteId: w.siteId,
            itemCount: w.itemCount,
            cover: `/apis/api/v1/site-content/media/${w.cover}/thumbnail`,
          })),
        );
        const second = await service.folders({ page: 1, size: 2, ...q });
        expect(
          second.content.map((f) => f.siteId),
          what,
        ).toEqual(want.slice(2, 4).map((w) => w.siteId));
      }
    }
  });
});
