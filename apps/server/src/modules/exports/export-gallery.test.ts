import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { galleryKit } from '../gallery/gallery-test-kit.ts';
import { exportsOf } from './exports.module.ts';
import { exportKit, readZip } from './testing/export-kit.ts';

/*
 * The export must hold exactly what the gallery shows for the same filters: items are seeded the
 * gallery's way (summaries kept), the gallery is walked over HTTP level by level, and the ZIP's
 * media ids are compared with what the walk found.
 */
const API = '/apis/api/v1/site-content';

let server: TestServer;
let admin: HttpClient;

type Filters = Record<string, string | number>;

async function galleryIds(filters: Filters): Promise<number[]> {
  const ids: number[] = [];
  const all = async (url: string, query: Filters) => {
    const content: { key: string; siteId: number; id: number }[] = [];
    for (let page = 0; ; page++) {
      const res = await admin.get(url, { query: { ...query, page, size: 100 } });
      expect(res.status, res.text).toBe(200);
      content.push(...res.body.data.content);
      if (page + 1 >= res.body.data.totalPages) return content;
    }
  };
  const sites = filters.siteId ? [{ siteId: Number(filters.siteId) }] : await all(`${API}/gallery`, filters);
  for (const site of sites) {
    for (const day of await all(`${API}/gallery`, { ...filters, siteId: site.siteId })) {
      ids.push(...(await all(`${API}/gallery/folder/${day.key}`, filters)).map((m) => m.id));
    }
  }
  return ids.sort((a, b) => a - b);
}

async function exportIds(filters: Filters): Promise<number[]> {
  expect((await admin.get(`${API}/export`, { query: filters })).status).toBe(200);
  await exportsOf(server.app.ctx).worker.kick();
  const kit = exportKit(server.app.ctx);
  const entries = await readZip(await kit.zipPath(await kit.lastExportId()));
  return [...entries.keys()].map((n) => Number(/_(\d+)\.[a-z0-9]+$/.exec(n)?.[1])).sort((a, b) => a - b);
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.admin();
  const g = galleryKit(server);
  const eva = await g.author(admin, 'Eva', 'Krásna', ['ADD_PHOTOS']);
  const jan = await g.author(admin, 'Ján', 'Novák', ['ADD_PHOTOS']);
  const sites = [
    await g.site('Most cez Váh', 'MV1'),
    await g.site('Novákova vila', 'NV2'),
    await g.site('Sklad', 'SK3'),
  ];
  let n = 0;
  for (const site of sites) {
    for (const author of [eva, jan]) {
      for (const day of ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']) {
        n += 1;
        if (n % 3 === 0) continue; // not every author on every site every day
        await g.media({ site, author, takenAt: `${day}T${String(6 + (n % 17)).padStart(2, '0')}:10:00Z` });
      }
    }
  }
});
afterAll(() => server?.close());

describe('export and gallery', () => {
  it.each<Filters>([
    {},
    { search: 'novák' },
    { search: 'krasna' },
    { search: 'váh' },
    { dateFrom: '2026-10-31', dateTo: '2026-11-01' },
    { search: 'nov', dateTo: '2026-10-31' },
    { siteDate: '2026-11-02' },
    { search: 'eva', siteDate: '2026-10-30', dateFrom: '2026-10-29' },
  ])('agree on %o', async (filters) => {
    const expected = await galleryIds(filters);
    expect(expected.length).toBeGreaterThan(0);
    expect(await exportIds(filters)).toEqual(expected);
  });

  it('agree within one site', async () => {
    const site = (await admin.get(`${API}/gallery`, { query: { search: 'sklad' } })).body.data.content[0];
    const cases: Filters[] = [{ siteId: site.siteId }, { siteId: site.siteId, search: 'novák' }];
    for (const filters of cases) {
      const expected = await galleryIds(filters);
      expect(expected.length).toBeGreaterThan(0);
      expect(await exportIds(filters)).toEqual(expected);
    }
  });
});
