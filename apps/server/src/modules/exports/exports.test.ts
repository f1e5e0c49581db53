import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { siteDateOf } from '../gallery/site-date.ts';
import { exportsOf } from './exports.module.ts';
import { exportKit, readZip, type Seeded, type Site, unzipTest } from './testing/export-kit.ts';

const API = '/apis/api/v1/site-content';

let server: TestServer;
let admin: HttpClient;
let alice: HttpClient; // EXPORT_GALLERY
let bob: HttpClient; // EXPORT_GALLERY
let viewer: HttpClient; // VIEW_GALLERY only
let kit: ReturnType<typeof exportKit>;
let abc: Site;
let etc: Site;
const items: Record<string, Seeded> = {};
let adminId: number;

/** Queues an export as `client`, lets the worker finish it, and returns its row. */
async function exportWith(client: HttpClient, query: Record<string, string | number> = {}) {
  const res = await client.get(`${API}/export`, { query });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual({ message: 'Export bol zaradený do poradia.' });
  await exportsOf(server.app.ctx).worker.kick();
  return kit.exportRow(await kit.lastExportId());
}

/** Entry name → media id, from the `<time>_<author>_<id>.<ext>` layout. */
const idOf = (name: string) => Number(/_(\d+)\.[a-z0-9]+$/.exec(name)?.[1]);

beforeAll(async () => {
  server = await startServer();
  admin = await server.admin();
  alice = (await admin.createUser(['EXPORT_GALLERY'])).client;
  bob = (await admin.createUser(['EXPORT_GALLERY'])).client;
  viewer = (await admin.createUser(['VIEW_GALLERY'])).client;
  kit = exportKit(server.app.ctx);
  const created = await admin.post('/apis/api/v1/user/create', {
    firstName: 'Ján',
    lastName: 'Novák',
    email: 'jan.novak@test.sk',
    password: 'Heslo123',
    permissions: ['ADD_PHOTOS'],
  });
  const novak = { id: created.body.data.id as number, name: 'Ján Novák' };
  adminId = (await admin.get('/apis/auth-check')).body.data.id as number;
  const evil = { id: adminId, name: 'a/b\\c<>:"|?*' };
  abc = await kit.site('ABC', 'Stavba Žilina');
  etc = await kit.site('XYZ', '../../etc');
  const d1 = await kit.site('D:1', 'Dvor');
  const d2 = await kit.site('D?1', 'Dvor');
  items.morning = await kit.media(abc, novak, '2026-11-21T08:15:30Z');
  items.sameSecond = await kit.media(abc, novak, '2026-11-21T08:15:30Z');
  items.video = await kit.media(abc, evil, '2026-11-01T10:00:00Z', { mimeType: 'video/mp4' });
  items.lateNight = await kit.media(etc, novak, '2026-11-21T23:30:00Z');
  items.d1 = await kit.media(d1, evil, '2026-10-05T12:00:00Z');
  items.d2 = await kit.media(d2, evil, '2026-10-05T12:00:00Z');
});
afterAll(() => server?.close());

describe('export ZIP', () => {
  it('holds every item under CODE - site/YYYY-MM-DD/<HHmmss>_<author>_<id>.<ext> with the stored bytes', async () => {
    const row = await exportWith(alice);
    expect(row.status).toBe('COMPLETED');
    const file = await kit.zipPath(row.id);
    const entries = await readZip(file);
    const i = items;
    const expected: Record<string, Seeded> = {
      [`ABC - Stavba Žilina/2026-11-21/091530_Ján Novák_${i.morning.id}.jpg`]: i.morning,
      [`ABC - Stavba Žilina/2026-11-21/091530_Ján Novák_${i.sameSecond.id}.jpg`]: i.sameSecond,
      // Every character Windows forbids, and both slashes, became '_'.
      [`ABC - Stavba Žilina/2026-11-01/110000_a_b_c________${i.video.id}.mp4`]: i.video,
      // `../../etc` is a name, not a way out; 23:30 UTC is the next day in Bratislava.
      [`XYZ - .._.._etc/2026-11-22/003000_Ján Novák_${i.lateNight.id}.jpg`]: i.lateNight,
      // Two sites whose names become the same folder: the second is told apart.
      [`D_1 - Dvor/2026-10-05/140000_a_b_c________${i.d1.id}.jpg`]: i.d1,
      [`D_1 - Dvor (2)/2026-10-05/140000_a_b_c________${i.d2.id}.jpg`]: i.d2,
    };
    expect([...entries.keys()].sort()).toEqual(Object.keys(expected).sort());
    for (const [name, item] of Object.entries(expected)) {
      expect(entries.get(name)?.sha256, name).toBe(item.sha256);
    }
    const unzip = await unzipTest(file);
    if (unzip !== undefined) expect(unzip).toContain('No errors detected');
    expect(row.message).toMatch(/^Hotovo: 6 súborov, [\d,]+ k?B\.$/);
    expect(row.file_count).toBe(6);
    expect(Number(row.zip_size)).toBe((await fs.stat(file)).size);
  });

  it.each([
    [{ search: 'novák' }, ['morning', 'sameSecond', 'lateNight']],
    [{ search: 'NOVAK', siteId: 'abc' }, ['morning', 'sameSecond']],
    [{ search: 'xyz' }, ['lateNight']],
    [{ search: 'žilina' }, ['morning', 'sameSecond', 'video']],
    [{ dateFrom: '2026-11-01', dateTo: '2026-11-21' }, ['morning', 'sameSecond', 'video']],
    [{ dateFrom: '2026-11-22' }, ['lateNight']],
    [{ dateTo: '2026-10-31' }, ['d1', 'd2']],
    [{ siteId: 'abc', siteDate: '2026-11-01' }, ['video']],
    [{ siteDate: '2026-11-21', dateFrom: '', search: '' }, ['morning', 'sameSecond']],
  ])('respects the filters %o', async (filters, names) => {
    const query = { ...filters, ...('siteId' in filters ? { siteId: abc.id } : {}) };
    const row = await exportWith(alice, query);
    const ids = [...(await readZip(await kit.zipPath(row.id))).keys()].map(idOf).sort((a, b) => a - b);
    expect(ids).toEqual(names.map((n) => items[n]?.id).sort((a, b) => (a ?? 0) - (b ?? 0)));
  });

  it('completes an export of nothing as an empty ZIP, saying so', async () => {
    const row = await exportWith(alice, { dateFrom: '2030-01-01' });
    expect(row.status).toBe('COMPLETED');
    expect(row.message).toBe('Filtrom nezodpovedá žiadny súbor, ZIP je prázdny.');
    expect((await readZip(await kit.zipPath(row.id))).size).toBe(0);
  });

  it('fails with the reason when a stored file is missing, and offers nothing to download', async () => {
    const site = await kit.site('MIS', 'Chýbajúci');
    const lost = await kit.media(site, { id: adminId, name: 'X' }, '2026-11-02T10:00:00Z', {
      storageKey: 'media/test/none.jpg',
      size: 10,
    });
    const row = await exportWith(alice, { siteId: site.id });
    expect(row.status).toBe('FAILED');
    expect(row.message).toBe(`Export zlyhal: súbor položky č. ${lost.id} sa v úložisku nenašiel.`);
    const list = await alice.get(`${API}/exports`, { query: { page: 0, size: 10 } });
    const listed = list.body.data.content.find((r: { id: number }) => r.id === row.id);
    expect(listed.status).toEqual({ id: 'FAILED', name: 'Neúspešný' });
    expect(listed.url).toBeUndefined();
    expect((await alice.get(`${API}/exports/${row.id}/download`)).status).toBe(409);
    expect(await fs.readdir(path.join(server.dataDir, 'exports')).catch(() => [])).not.toContain(
      expect.stringMatching(new RegExp(`^${row.id}-`)),
    );
  });
});

describe('exports list', () => {
  it('names the filters one per line and links only finished exports', async () => {
    const row = await exportWith(alice, { search: 'novák', dateFrom: '2026-11-01', siteId: abc.id });
    const res = await alice.get(`${API}/exports`, { query: { page: 0, size: 10 } });
    expect(res.status).toBe(200);
    const first = res.body.data.content[0];
    expect(first).toEqual({
      id: row.id,
      name: 'Hľadať: novák<br>Od: 1. 11. 2026<br>Site: ABC – Stavba Žilina',
      createdAt: new Date(Number(row.created_at)).toISOString(),
      status: { id: 'COMPLETED', name: 'Dokončený' },
      message: expect.stringMatching(/^Hotovo: 2 súbory, [\d,]+ k?B\.$/),
      url: `${API}/exports/${row.id}/download`,
    });
  });
});

/** The response body as bytes (the test client reads text). */
async function fetchBytes(client: HttpClient, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(url, server.url), {
    headers: { ...headers, ...(client.cookie ? { cookie: `SESSION=${client.cookie}` } : {}) },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('download', () => {
  it('streams the ZIP with an RFC 6266 file name holding the Slovak site name', async () => {
    const row = await exportWith(alice, { siteId: abc.id });
    const today = siteDateOf(Number(row.created_at), server.app.ctx.config.tzGallery);
    const { res, bytes } = await fetchBytes(alice, `${API}/exports/${row.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const name = `Export ABC – Stavba Žilina ${today}.zip`;
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Export ABC _ Stavba Zilina ${today}.zip"; ` +
        `filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    const onDisk = await fs.readFile(await kit.zipPath(row.id));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(
      createHash('sha256').update(onDisk).digest('hex'),
    );
    expect(Number(res.headers.get('content-length'))).toBe(onDisk.length);

    // A broken-off download resumes where it stopped.
    const part = await fetchBytes(alice, `${API}/exports/${row.id}/download`, { range: 'bytes=10-' });
    expect(part.res.status).toBe(206);
    expect(part.bytes.equals(onDisk.subarray(10))).toBe(true);
  });

  it("gives a user only their own exports and an admin everyone's", async () => {
    const mine = await exportWith(alice, { search: 'xyz' });
    const theirs = await exportWith(bob, { search: 'dvor' });
    const bobs = (await bob.get(`${API}/exports`, { query: { page: 0, size: 100 } })).body.data;
    expect(bobs.content.map((r: { id: number }) => r.id)).toEqual([theirs.id]);
    expect(bobs.totalElements).toBe(1);
    expect((await bob.get(`${API}/exports/${mine.id}/download`)).status).toBe(404);
    expect((await alice.get(`${API}/exports/${theirs.id}/download`)).status).toBe(404);
    expect((await bob.get(`${API}/exports/${theirs.id}/download`)).status).toBe(200);

    const all = (await admin.get(`${API}/exports`, { query: { page: 0, size: 100 } })).body.data;
    const ids = all.content.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(all.totalElements).toBe(ids.length);
    expect((await admin.get(`${API}/exports/${mine.id}/download`)).status).toBe(200);
    expect((await admin.get(`${API}/exports/999999/download`)).status).toBe(404);
  });

  it('refuses users without EXPORT_GALLERY and anonymous callers on every export route', async () => {
    const before = await kit.lastExportId();
    for (const url of [`${API}/export`, `${API}/exports`, `${API}/exports/${before}/download`]) {
      expect((await viewer.get(url)).status, url).toBe(403);
      expect((await server.client().get(url)).status, url).toBe(401);
    }
    expect(await kit.lastExportId()).toBe(before);
  });
});

describe('export request', () => {
  it('is refused when another site makes the browser send it', async () => {
    const before = await kit.lastExportId();
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of crossSite) {
      const res = await alice.get(`${API}/export`, { headers });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('CROSS_SITE');
    }
    expect(await kit.lastExportId()).toBe(before);
  });

  it.each([
    [{ dateFrom: '2026-13-01' }, 'dateFrom'],
    [{ dateTo: '21.11.2026' }, 'dateTo'],
    [{ dateFrom: '2026-11-21', dateTo: '2026-11-01' }, 'dateTo'],
    [{ siteDate: '2026-02-30' }, 'siteDate'],
    [{ siteId: 'abc' }, 'siteId'],
    [{ siteId: '999999' }, 'siteId'],
    [{ search: 'x'.repeat(201) }, 'search'],
  ])('answers %o with 400 naming %s, and queues nothing', async (query, field) => {
    const before = await kit.lastExportId();
    const res = await alice.get(`${API}/export`, { query });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(res.body.details[0].field).toBe(field);
    expect(await kit.lastExportId()).toBe(before);
  });
});
