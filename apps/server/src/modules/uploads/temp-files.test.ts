import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../db/database.ts';
import type { AssignListener, MediaAssigned } from '../../platform/events.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { CONTENT, chunksOf, fakeMp4, sendChunk, sha256, uploadOk } from './upload-test-kit.ts';
import { createUploadsModule } from './uploads.module.ts';

const HOUR = 3600_000;
const NIKON = '/work/shared/fixtures/media/nikon-coolpix-gps.jpg';

describe('temp files: preview, discard, assign, clean-up', () => {
  let server: TestServer;
  let admin: HttpClient;
  let alice: { client: HttpClient; id: number };
  let bob: HttpClient;
  let viewer: HttpClient;
  let siteId: number;
  const png = (seed: number) =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: { r: seed % 256, g: 90, b: 160 } } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    server = await startServer();
    admin = await server.admin();
    alice = await admin.createUser(['ADD_PHOTOS']);
    bob = (await admin.createUser(['ADD_PHOTOS'])).client;
    viewer = (await admin.createUser(['VIEW_GALLERY'])).client;
    const site = await admin.post('/apis/api/v1/site/create', {
      name: 'Most cez Váh',
      code: 'MV-01',
      lat: 49,
      lng: 18,
    });
    siteId = site.body.data.id;
  });
  afterAll(() => server.close());

  const db = () => server.app.ctx.db.kysely;
  const onDisk = (key: string) => fs.existsSync(path.join(server.dataDir, key));
  const temp = (fileKey: string) =>
    db().selectFrom('temp_files').selectAll().where('file_key', '=', fileKey).executeTakeFirst();
  const assign = (client: HttpClient, fileKey: string, site = siteId) =>
    client.post(`${CONTENT}/assign-temp-file`, { siteId: site, fileKey });

  it('shows a temp file to its uploader only, with Range, ETag and private caching', async () => {
    const bytes = await png(1);
    const key = await uploadOk(alice.client, bytes);
    const url = `${CONTENT}/temp/${key}`;
    const res = await alice.client.get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('private');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const etag = res.headers.get('etag') as string;

    const part = await alice.client.get(url, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${bytes.length}`);
    expect((await alice.client.get(url, { headers: { 'if-none-match': etag } })).status).toBe(304);

    expect((await bob.get(url)).status).toBe(404);
    expect((await bob.get(`${url}/thumbnail`)).status).toBe(404);
    expect((await viewer.get(url)).status).toBe(403);
    expect((await server.client().get(url)).status).toBe(401);
    expect((await alice.client.get(`${CONTENT}/temp/${randomUUID()}`)).status).toBe(404);
  });

  it('discards the uploader’s own temp file and nobody else’s', async () => {
    const key = await uploadOk(alice.client, await png(2));
    const row = await temp(key);
    expect(row && onDisk(row.storage_key) && onDisk(row.thumbnail_key as string)).toBe(true);

    const del = (client: HttpClient, k = key, headers: Record<string, string> = {}) =>
      client.request('POST', `${CONTENT}/delete-temp-file/${k}`, { headers });
    expect((await del(viewer)).status).toBe(403);
    expect((await del(server.client())).status).toBe(401);
    const other = await del(bob);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Tento súbor nahral iný používateľ');
    expect(await temp(key)).toBeDefined();

    // The web app posts an empty body; a JSON content type on it must not matter.
    const res = await del(alice.client, key, { 'content-type': 'application/json' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Súbor bol odstránený');
    expect(await temp(key)).toBeUndefined();
    expect(onDisk(row?.storage_key as string) || onDisk(row?.thumbnail_key as string)).toBe(false);
    expect((await alice.client.get(`${CONTENT}/temp/${key}`)).status).toBe(404);
    expect((await del(alice.client)).status).toBe(404);
  });

  it('assigns to an active site: media item, files in media/, listeners in the transaction, event after commit', async () => {
    const seen: { inTransaction?: number; event?: MediaAssigned } = {};
    const listener: AssignListener = async (trx, e) => {
      const row = await trx
        .selectFrom('media_items')
        .select('id')
        .where('id', '=', e.mediaId)
        .executeTakeFirst();
      seen.inTransaction = row?.id;
    };
    server.app.ctx.events.assignListeners.push(listener);
    server.app.ctx.events.on('media.assigned', (e) => {
      seen.event = e;
    });
    try {
      const photo = fs.readFileSync(NIKON);
      const key = await uploadOk(alice.client, photo);
      const before = await temp(key);
      const res = await assign(alice.client, key);
      expect(res.status, res.text).toBe(200);
      expect(res.body.message).toBe('Váš záznam bol úspešne priradený k site-u.');
      const data = res.body.data;
      expect(data).toMatchObject({
        siteId,
        type: 'IMAGE',
        mimeType: 'image/jpeg',
        date: '2008-10-22T14:28:39.000Z',
        siteDate: '2008-10-22',
        duplicate: false,
      });

      const item = await db()
        .selectFrom('media_items')
        .selectAll()
        .where('id', '=', data.id)
        .executeTakeFirstOrThrow();
      const author = `Test ${(await db().selectFrom('users').select('last_name').where('id', '=', alice.id).executeTakeFirstOrThrow()).last_name}`;
      expect(item).toMatchObject({
        site_id: siteId,
        author_id: alice.id,
        author_name: author,
        sha256: sha256(photo),
        width: 640,
        height: 480,
        site_date: '2008-10-22',
        search_text: fold(`Most cez Váh MV-01 ${author}`),
      });
      expect(item.lat).toBeCloseTo(43.4674, 3);
      expect(item.storage_key).toMatch(/^media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
      expect(item.thumbnail_key).toMatch(/^media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.thumb\.webp$/);
      expect(fs.readFileSync(path.join(server.dataDir, item.storage_key)).equals(photo)).toBe(true);
      expect(onDisk(item.thumbnail_key as string)).toBe(true);
      expect(await temp(key)).toBeUndefined();
      expect(onDisk(before?.storage_key as string)).toBe(false);

      expect(seen.inTransaction).toBe(data.id);
      await new Promise((r) => setImmediate(r));
      expect(seen.event).toEqual({
        mediaId: data.id,
        type: 'IMAGE',
        siteId,
        siteName: 'Most cez Váh',
        siteCode: 'MV-01',
        siteDate: '2008-10-22',
        authorId: alice.id,
        authorName: author,
      });
      // The gallery serves it to its author.
      expect((await alice.client.get(`/apis/api/v1/site-content/media/${data.id}/file`)).status).toBe(200);
    } finally {
      server.app.ctx.events.assignListeners.splice(
        server.app.ctx.events.assignListeners.indexOf(listener),
        1,
      );
    }
  });

  it('dates an item without EXIF time by its upload, in the gallery’s time zone', async () => {
    // 23:30 UTC on 15 January is already 16 January in Bratislava.
    const shift = Date.UTC(2026, 0, 15, 23, 30) - server.clock.now();
    server.clock.advance(shift);
    try {
      const key = await uploadOk(alice.client, await png(3));
      const res = await assign(alice.client, key);
      expect(res.body.data.siteDate).toBe('2026-01-16');
      expect(res.body.data.date).toMatch(/^2026-01-15T23:30:/);
      const item = await db()
        .selectFrom('media_items')
        .select('storage_key')
        .where('id', '=', res.body.data.id)
        .executeTakeFirstOrThrow();
      expect(item.storage_key.startsWith('media/2026/01/')).toBe(true);
    } finally {
      server.clock.advance(-shift);
    }
  });

  it('makes no second item for the same bytes at the same site', async () => {
    const bytes = await png(4);
    const first = await assign(alice.client, await uploadOk(alice.client, bytes));
    expect(first.body.data.duplicate).toBe(false);
    const retryKey = await uploadOk(alice.client, bytes);
    const retry = await assign(alice.client, retryKey);
    expect(retry.status).toBe(200);
    expect(retry.body.message).toBe(
      'Tento súbor už bol k tomuto site-u priradený, nový záznam sa nevytvoril.',
    );
    expect(retry.body.data).toEqual({ ...first.body.data, duplicate: true });
    expect(await temp(retryKey)).toBeUndefined();
    const items = await db()
      .selectFrom('media_items')
      .select('id')
      .where('sha256', '=', sha256(bytes))
      .execute();
    expect(items).toHaveLength(1);
    // Another site is another item.
    const other = await admin.post('/apis/api/v1/site/create', {
      name: 'Iný',
      code: 'IN-02',
      lat: 1,
      lng: 1,
    });
    const elsewhere = await assign(alice.client, await uploadOk(alice.client, bytes), other.body.data.id);
    expect(elsewhere.body.data).toMatchObject({ duplicate: false, siteId: other.body.data.id });
  });

  it('assigns the same temp file twice at once into one item', async () => {
    const key = await uploadOk(alice.client, await png(5));
    const [a, b] = await Promise.all([assign(alice.client, key), assign(alice.client, key)]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) expect([200, 404]).toContain(r.status);
    expect(new Set(ok.map((r) => r.body.data.id)).size).toBe(1);
    // The loser must not have moved the winner's files back to tmp/.
    const item = await db()
      .selectFrom('media_items')
      .selectAll()
      .where('id', '=', ok[0].body.data.id)
      .executeTakeFirstOrThrow();
    expect(onDisk(item.storage_key) && onDisk(item.thumbnail_key as string)).toBe(true);
  });

  it('refuses unknown and inactive sites, other users’ files and bad bodies, changing nothing', async () => {
    const key = await uploadOk(alice.client, await png(6));
    const site = await admin.post('/apis/api/v1/site/create', {
      name: 'Zatvorený',
      code: 'ZT-9',
      lat: 1,
      lng: 1,
    });
    await admin.delete(`/apis/api/v1/site/delete/${site.body.data.id}`);

    const inactive = await assign(alice.client, key, site.body.data.id);
    expect(inactive.status).toBe(400);
    expect(inactive.body.message).toBe('Site je deaktivovaný, nemožno k nemu priradiť záznam');
    expect((await assign(alice.client, key, 999_999)).status).toBe(404);
    expect((await assign(bob, key)).status).toBe(403);
    expect((await assign(viewer, key)).status).toBe(403);
    expect((await assign(alice.client, randomUUID())).status).toBe(404);
    const noSite = await alice.client.post(`${CONTENT}/assign-temp-file`, { fileKey: key });
    expect(noSite.status).toBe(400);
    expect(noSite.body.message).toContain('„siteId“');
    const badKey = await alice.client.post(`${CONTENT}/assign-temp-file`, { siteId, fileKey: '../x' });
    expect(badKey.body.message).toContain('„fileKey“');

    const row = await temp(key);
    expect(row && onDisk(row.storage_key)).toBe(true);
    expect((await alice.client.get(`${CONTENT}/temp/${key}`)).status).toBe(200);
  });

  it('rolls the assignment back when a listener fails, files included', async () => {
    const key = await uploadOk(alice.client, await png(7));
    const failing: AssignListener = async () => {
      throw new Error('notification store down');
    };
    server.app.ctx.events.assignListeners.push(failing);
    try {
      const res = await assign(alice.client, key);
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('Interná chyba servera');
    } finally {
      server.app.ctx.events.assignListeners.splice(server.app.ctx.events.assignListeners.indexOf(failing), 1);
    }
    const row = await temp(key);
    expect(row && onDisk(row.storage_key) && onDisk(row.thumbnail_key as string)).toBe(true);
    expect(
      await db()
        .selectFrom('media_items')
        .select('id')
        .where('sha256', '=', row?.sha256 as string)
        .execute(),
    ).toEqual([]);
    const again = await assign(alice.client, key);
    expect(again.status).toBe(200);
  });

  it('deletes unfinished uploads, unassigned temp files and stray files after 24 hours', async () => {
    const cleanup = createUploadsModule(server.app.ctx).cleanup;
    const file = fakeMp4(2 * 1024 * 1024 + 3);
    const uploadId = randomUUID();
    await sendChunk(alice.client, chunksOf(file)[0], { uploadId, total: 3, fileSize: file.length });
    const key = await uploadOk(alice.client, await png(8));
    const stray = path.join(server.dataDir, 'tmp/chunks/stray-left-by-a-crash');
    const strayPart = path.join(server.dataDir, 'tmp/uploads/0123456789abcdef.part');
    for (const f of [stray, strayPart]) {
      fs.mkdirSync(path.dirname(f), { recursive: true });
      fs.writeFileSync(f, 'x');
    }
    const chunkKeys = (
      await db().selectFrom('upload_chunks').select('storage_key').where('upload_id', '=', uploadId).execute()
    ).map((c) => c.storage_key);
    expect(chunkKeys).toHaveLength(1);

    server.clock.advance(23 * HOUR);
    await cleanup.run();
    expect(await temp(key)).toBeDefined();
    expect(onDisk(chunkKeys[0])).toBe(true);
    expect(fs.existsSync(stray) && fs.existsSync(strayPart)).toBe(true);

    server.clock.advance(2 * HOUR);
    const report = await cleanup.run();
    expect(report.uploads).toBeGreaterThanOrEqual(1);
    expect(report.tempFiles).toBeGreaterThanOrEqual(1);
    expect(report.orphans).toBeGreaterThanOrEqual(2);
    expect(
      await db().selectFrom('uploads').select('upload_id').where('upload_id', '=', uploadId).execute(),
    ).toEqual([]);
    expect(onDisk(chunkKeys[0])).toBe(false);
    expect(await temp(key)).toBeUndefined();
    expect(fs.existsSync(stray) || fs.existsSync(strayPart)).toBe(false);
    expect(fs.readdirSync(path.join(server.dataDir, 'tmp/uploads'))).toEqual([]);
    expect(fs.readdirSync(path.join(server.dataDir, 'tmp/files'))).toEqual([]);
    // Assigned media is never touched.
    const media = await db().selectFrom('media_items').select('storage_key').execute();
    expect(media.length).toBeGreaterThan(0);
    for (const m of media) expect(onDisk(m.storage_key)).toBe(true);
  });
});
