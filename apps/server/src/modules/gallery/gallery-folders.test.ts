import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { type Author, galleryKit } from './gallery-test-kit.ts';

const GALLERY = '/apis/api/v1/site-content/gallery';
const folder = (key: string) => `${GALLERY}/folder/${key}`;

let server: TestServer;
let admin: HttpClient;
let viewer: HttpClient;
let horvath: Author;
let novakova: Author;
const site: Record<'A' | 'B' | 'C' | 'D', { id: number; name: string; code: string }> = {} as never;
const media: Record<string, number> = {};

type Query = Record<string, string | number | undefined>;
const list = async (query: Query = {}, client: HttpClient = viewer) => {
  const res = await client.get(GALLERY, { query });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};
const names = (page: { content: { name: string }[] }) => page.content.map((f) => f.name);
const items = async (key: string, query: Query = {}) => {
  const res = await viewer.get(folder(key), { query });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  server = await startServer();
  admin = await server.admin();
  const kit = galleryKit(server);
  viewer = (await admin.createUser(['VIEW_GALLERY'])).client;
  horvath = await kit.author(admin, 'Peter', 'Horváth', ['ADD_PHOTOS']);
  novakova = await kit.author(admin, 'Ľubica', 'Nováková', ['ADD_PHOTOS']);
  site.A = await kit.site('Bytový dom Žilina', 'ZA-001');
  site.B = await kit.site('Rodinný dom Košice', 'KE-002');
  site.C = await kit.site('Most cez Váh', 'TN-003');
  site.D = await kit.site('Prázdny site', 'XX-004');
  const add = async (name: string, s: keyof typeof site, author: Author, takenAt: string, extra = {}) => {
    media[name] = (await kit.media({ site: site[s], author, takenAt, ...extra })).id;
  };
  await add('a1', 'A', horvath, '2026-01-10T09:00:00Z', { width: 4000, height: 3000 });
  await add('a2', 'A', horvath, '2026-01-10T11:00:00Z');
  // 23:30 UTC in winter is 00:30 of the next day in Bratislava.
  await add('a3', 'A', horvath, '2026-01-15T23:30:00Z');
  await add('b1', 'B', novakova, '2026-02-01T08:00:00Z');
  await add('b2', 'B', novakova, '2026-02-01T09:00:00Z');
  await add('b3', 'B', novakova, '2026-02-01T10:00:00Z');
  await add('b4', 'B', horvath, '2026-02-03T12:00:00Z');
  // Summer time: 21:30 UTC is 23:30 the same day, 22:30 UTC is 00:30 the next.
  await add('c1', 'C', novakova, '2026-07-20T21:30:00Z');
  await add('c2', 'C', novakova, '2026-07-20T22:30:00Z', {
    type: 'VIDEO',
    mimeType: 'video/webm',
    thumbnail: null,
    durationSeconds: 12.5,
  });
});

afterAll(() => server?.close());

describe('SITE folders', () => {
  it('lists sites with items, most recent item first, with code, count and cover', async () => {
    const page = await list();
    expect(page).toMatchObject({ page: 0, totalPages: 1, totalElements: 3 });
    expect(page.content).toEqual([
      {
        entryType: 'FOLDER',
        folderType: 'SITE',
        siteId: site.C.id,
        siteDate: null,
        name: 'Most cez Váh',
        siteCode: 'TN-003',
        itemCount: 2,
        // Its latest item is a video without a poster.
        coverThumbnailUrl: null,
        key: String(site.C.id),
      },
      expect.objectContaining({
        siteId: site.B.id,
        name: 'Rodinný dom Košice',
        siteCode: 'KE-002',
        itemCount: 4,
        coverThumbnailUrl: `/apis/api/v1/site-content/media/${media.b4}/thumbnail`,
      }),
      expect.objectContaining({ siteId: site.A.id, itemCount: 3 }),
    ]);
  });

  it('pages, with the total kept on a page past the end', async () => {
    expect(names(await list({ size: 2 }))).toEqual(['Most cez Váh', 'Rodinný dom Košice']);
    const second = await list({ size: 2, page: 1 });
    expect(second).toMatchObject({ page: 1, totalPages: 2, totalElements: 3 });
    expect(names(second)).toEqual(['Bytový dom Žilina']);
    expect(await list({ size: 2, page: 3 })).toMatchObject({ content: [], totalElements: 3 });
  });

  it('searches site name and code, case- and accent-insensitively', async () => {
    expect(names(await list({ search: 'zilina' }))).toEqual(['Bytový dom Žilina']);
    expect(names(await list({ search: 'BYTOVÝ' }))).toEqual(['Bytový dom Žilina']);
    expect((await list({ search: 'ke-002' })).content).toEqual([
      expect.objectContaining({ siteId: site.B.id, itemCount: 4 }),
    ]);
    expect(names(await list({ search: 'dom' }))).toEqual(['Rodinný dom Košice', 'Bytový dom Žilina']);
    expect(await list({ search: 'nič také' })).toMatchObject({ content: [], totalElements: 0 });
  });

  it('searches the author: only that author’s items count, and the cover is theirs', async () => {
    expect((await list({ search: 'horvath' })).content).toEqual([
      expect.objectContaining({
        siteId: site.B.id,
        itemCount: 1,
        coverThumbnailUrl: `/apis/api/v1/site-content/media/${media.b4}/thumbnail`,
      }),
      expect.objectContaining({ siteId: site.A.id, itemCount: 3 }),
    ]);
    expect((await list({ search: 'Lubica NOVAKOVA' })).content).toEqual([
      expect.objectContaining({ siteId: site.C.id, itemCount: 2 }),
      expect.objectContaining({
        siteId: site.B.id,
        itemCount: 3,
        coverThumbnailUrl: `/apis/api/v1/site-content/media/${media.b3}/thumbnail`,
      }),
    ]);
    const paged = await list({ search: 'dom', size: 1, page: 5 });
    expect(paged).toMatchObject({ content: [], totalElements: 2, totalPages: 2 });
  });

  it('filters by inclusive dates in the gallery time zone', async () => {
    expect((await list({ dateFrom: '2026-01-16', dateTo: '2026-02-01' })).content).toEqual([
      expect.objectContaining({
        siteId: site.B.id,
        itemCount: 3,
        coverThumbnailUrl: `/apis/api/v1/site-content/media/${media.b3}/thumbnail`,
      }),
      expect.objectContaining({
        siteId: site.A.id,
        itemCount: 1,
        coverThumbnailUrl: `/apis/api/v1/site-content/media/${media.a3}/thumbnail`,
      }),
    ]);
    // The item of 15 January 23:30 UTC is not on the 15th.
    expect((await list({ dateTo: '2026-01-15' })).content).toEqual([
      expect.objectContaining({ siteId: site.A.id, itemCount: 2 }),
    ]);
    expect((await list({ dateFrom: '2026-07-21' })).content).toEqual([
      expect.objectContaining({ siteId: site.C.id, itemCount: 1 }),
    ]);
    expect((await list({ dateFrom: '2026-02-03', dateTo: '2026-02-03' })).content).toEqual([
      expect.objectContaining({ siteId: site.B.id, itemCount: 1 }),
    ]);
    expect((await list({ siteDate: '2026-01-10' })).content).toEqual([
      expect.objectContaining({ siteId: site.A.id, itemCount: 2 }),
    ]);
    expect(await list({ dateFrom: '2027-01-01' })).toMatchObject({ content: [], totalElements: 0 });
  });

  it('combines search and dates', async () => {
    expect(names(await list({ search: 'horvath', dateTo: '2026-02-02' }))).toEqual(['Bytový dom Žilina']);
    expect(names(await list({ search: 'kosice', dateFrom: '2026-02-02' }))).toEqual(['Rodinný dom Košice']);
  });

  it('treats empty parameters as absent', async () => {
    expect(
      (await list({ search: '', dateFrom: '', dateTo: '', siteId: '', siteDate: '' })).totalElements,
    ).toBe(3);
  });
});

describe('DATE folders', () => {
  it('lists a site’s dates newest first, with Slovak names and keys', async () => {
    const page = await list({ siteId: site.A.id });
    expect(page).toMatchObject({ totalElements: 2, totalPages: 1 });
    expect(page.content).toEqual([
      {
        entryType: 'FOLDER',
        folderType: 'DATE',
        siteId: site.A.id,
        siteDate: '2026-01-16',
        name: '16. 1. 2026',
        itemCount: 1,
        key: `${site.A.id}_2026-01-16`,
      },
      expect.objectContaining({ siteDate: '2026-01-10', name: '10. 1. 2026', itemCount: 2 }),
    ]);
    const summer = await list({ siteId: site.C.id });
    expect(summer.content.map((f: { siteDate: string }) => f.siteDate)).toEqual(['2026-07-21', '2026-07-20']);
  });

  it('pages and filters', async () => {
    const second = await list({ siteId: site.A.id, size: 1, page: 1 });
    expect(second).toMatchObject({ totalPages: 2, totalElements: 2 });
    expect(names(second)).toEqual(['10. 1. 2026']);
    expect(await list({ siteId: site.A.id, size: 1, page: 4 })).toMatchObject({
      content: [],
      totalElements: 2,
    });
    expect(names(await list({ siteId: site.A.id, dateTo: '2026-01-15' }))).toEqual(['10. 1. 2026']);
    expect(names(await list({ siteId: site.B.id, search: 'horvath' }))).toEqual(['3. 2. 2026']);
    expect(names(await list({ siteId: site.B.id, search: 'novakova' }))).toEqual(['1. 2. 2026']);
    expect(names(await list({ siteId: site.B.id, search: 'kosice' }))).toEqual(['3. 2. 2026', '1. 2. 2026']);
    expect((await list({ siteId: site.B.id, search: 'zilina' })).totalElements).toBe(0);
    expect((await list({ siteId: site.D.id })).totalElements).toBe(0);
    expect((await list({ siteId: 999_999 })).totalElements).toBe(0);
  });
});

describe('media of a DATE folder', () => {
  it('lists items newest first with what a card shows', async () => {
    const page = await items(`${site.A.id}_2026-01-10`);
    expect(page).toMatchObject({ totalElements: 2, totalPages: 1 });
    expect(page.content).toEqual([
      expect.objectContaining({ id: media.a2, date: '2026-01-10T11:00:00.000Z' }),
      {
        entryType: 'MEDIA',
        id: media.a1,
        type: 'IMAGE',
        url: `/apis/api/v1/site-content/media/${media.a1}/file`,
        originalUrl: `/apis/api/v1/site-content/media/${media.a1}/file`,
        thumbnailUrl: `/apis/api/v1/site-content/media/${media.a1}/thumbnail`,
        siteId: site.A.id,
        siteCode: 'ZA-001',
        siteDate: '2026-01-10',
        author: 'Peter Horváth',
        date: '2026-01-10T09:00:00.000Z',
        mimeType: 'image/jpeg',
        width: 4000,
        height: 3000,
      },
    ]);
    const video = await items(`${site.C.id}_2026-07-21`);
    expect(video.content).toEqual([
      expect.objectContaining({
        type: 'VIDEO',
        thumbnailUrl: null,
        durationSeconds: 12.5,
        mimeType: 'video/webm',
      }),
    ]);
  });

  it('puts an item after local midnight in the next day’s folder', async () => {
    expect((await items(`${site.A.id}_2026-01-16`)).content.map((m: { id: number }) => m.id)).toEqual([
      media.a3,
    ]);
    expect((await items(`${site.A.id}_2026-01-15`)).totalElements).toBe(0);
    expect((await items(`${site.C.id}_2026-07-20`)).content.map((m: { id: number }) => m.id)).toEqual([
      media.c1,
    ]);
  });

  it('pages and filters', async () => {
    const second = await items(`${site.A.id}_2026-01-10`, { size: 1, page: 1 });
    expect(second).toMatchObject({ totalElements: 2, totalPages: 2 });
    expect(second.content.map((m: { id: number }) => m.id)).toEqual([media.a1]);
    expect(await items(`${site.A.id}_2026-01-10`, { page: 3 })).toMatchObject({
      content: [],
      totalElements: 2,
    });
    expect((await items(`${site.B.id}_2026-02-01`, { search: 'horvath' })).totalElements).toBe(0);
    expect((await items(`${site.B.id}_2026-02-03`, { search: 'horvath' })).totalElements).toBe(1);
    expect((await items(`${site.B.id}_2026-02-01`, { search: 'KOŠICE' })).totalElements).toBe(3);
    expect((await items(`${site.A.id}_2026-01-16`, { dateTo: '2026-01-15' })).totalElements).toBe(0);
    expect((await items(`${site.A.id}_2026-01-16`, { dateFrom: '2026-01-16' })).totalElements).toBe(1);
    expect((await items(`${site.A.id}_2026-01-16`, { siteId: site.B.id })).totalElements).toBe(0);
    expect((await items(`${site.A.id}_2026-01-16`, { siteDate: '2026-01-10' })).totalElements).toBe(0);
    expect((await items(`${site.D.id}_2026-01-16`)).totalElements).toBe(0);
  });
});

describe('bad input and authority', () => {
  it('answers 400 naming the field', async () => {
    const cases: [string, Query, string][] = [
      [GALLERY, { dateFrom: '2026-13-01' }, 'dateFrom'],
      [GALLERY, { dateTo: '2026-02-30' }, 'dateTo'],
      [GALLERY, { dateFrom: '2026-02-01', dateTo: '2026-01-31' }, 'dateTo'],
      [GALLERY, { siteDate: '21.11.2026' }, 'siteDate'],
      [GALLERY, { siteId: 'abc' }, 'siteId'],
      [GALLERY, { size: 101 }, 'size'],
      [GALLERY, { page: -1 }, 'page'],
      [folder(`${site.A.id}_2026-01-10`), { dateFrom: 'x' }, 'dateFrom'],
      [folder('abc'), {}, 'folder'],
      [folder('1_2026-02-30'), {}, 'folder'],
    ];
    for (const [path, query, field] of cases) {
      const res = await viewer.get(path, { query });
      expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(400);
      expect(res.body.message).toContain(field);
    }
  });

  it('needs VIEW_GALLERY to list', async () => {
    const anonymous = server.client();
    for (const path of [GALLERY, folder(`${site.A.id}_2026-01-10`)]) {
      expect((await anonymous.get(path)).status).toBe(401);
      expect((await horvath.client.get(path)).status).toBe(403);
      expect((await viewer.get(path)).status).toBe(200);
      expect((await admin.get(path)).status).toBe(200);
    }
  });
});
