import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { type Author, fetchBytes, galleryKit } from './gallery-test-kit.ts';

const FIXTURES = '/work/shared/fixtures/media';
const fileUrl = (id: number) => `/apis/api/v1/site-content/media/${id}/file`;
const thumbUrl = (id: number) => `/apis/api/v1/site-content/media/${id}/thumbnail`;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let server: TestServer;
let admin: HttpClient;
let viewer: HttpClient;
let mine: Author;
let other: Author;
let photo: { id: number; bytes: Buffer };
let thumbnail: Buffer;
let heic: { id: number; bytes: Buffer };
let display: Buffer;
let othersPhoto: { id: number; bytes: Buffer };
let noThumb: { id: number; bytes: Buffer };

beforeAll(async () => {
  server = await startServer();
  admin = await server.admin();
  const kit = galleryKit(server);
  viewer = (await admin.createUser(['VIEW_GALLERY'])).client;
  mine = await kit.author(admin, 'Mária', 'Kováčová', ['ADD_PHOTOS']);
  other = await kit.author(admin, 'Jozef', 'Baláž', ['ADD_PHOTOS']);
  const site = await kit.site('Sklad Trnava', 'TT-010');
  const jpeg = await fs.readFile(`${FIXTURES}/jolla-phone.jpg`);
  thumbnail = await sharp(jpeg).resize(480).webp().toBuffer();
  photo = await kit.media({ site, author: mine, takenAt: '2026-03-02T10:00:00Z', bytes: jpeg, thumbnail });
  display = await fs.readFile(`${FIXTURES}/invalid-exif.jpg`);
  heic = await kit.media({
    site,
    author: mine,
    takenAt: '2026-03-02T11:00:00Z',
    bytes: await fs.readFile(`${FIXTURES}/small-sample.heif`),
    mimeType: 'image/heif',
    display,
  });
  othersPhoto = await kit.media({ site, author: other, takenAt: '2026-03-02T12:00:00Z' });
  noThumb = await kit.media({
    site,
    author: other,
    takenAt: '2026-03-02T13:00:00Z',
    type: 'VIDEO',
    mimeType: 'video/webm',
    thumbnail: null,
  });
});

afterAll(() => server?.close());

describe('media file', () => {
  it('streams the original with its type, ETag and caching headers', async () => {
    const res = await fetchBytes(viewer, fileUrl(photo.id));
    expect(res.status).toBe(200);
    expect(sha256(res.body)).toBe(sha256(photo.bytes));
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-length')).toBe(String(photo.bytes.length));
    expect(res.headers.get('etag')).toBe(`"${sha256(photo.bytes)}"`);
    expect(res.headers.get('cache-control')).toMatch(/^private\b/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
  });

  it('answers byte ranges with 206 and Content-Range', async () => {
    const size = photo.bytes.length;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-', 1000, size - 1],
      ['bytes=-500', size - 500, size - 1],
      [`bytes=${size - 10}-${size + 1000}`, size - 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await fetchBytes(viewer, fileUrl(photo.id), { range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect(res.body.equals(photo.bytes.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 for a range past the end, and ignores ranges it does not serve', async () => {
    const size = photo.bytes.length;
    for (const range of [`bytes=${size}-`, 'bytes=-0']) {
      const res = await fetchBytes(viewer, fileUrl(photo.id), { range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
      expect(JSON.parse(res.body.toString()).code).toBe('RANGE_NOT_SATISFIABLE');
    }
    for (const range of ['bytes=0-1,5-9', 'items=0-5', 'bytes=9-1']) {
      const res = await fetchBytes(viewer, fileUrl(photo.id), { range });
      expect(res.status, range).toBe(200);
      expect(res.body.length).toBe(size);
    }
  });

  it('answers 304 to a matching If-None-Match, and honours If-Range', async () => {
    const etag = `"${sha256(photo.bytes)}"`;
    const cached = await fetchBytes(viewer, fileUrl(photo.id), { 'if-none-match': etag });
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);
    expect(cached.headers.get('etag')).toBe(etag);
    const listed = await fetchBytes(viewer, fileUrl(photo.id), { 'if-none-match': `"x", W/${etag}` });
    expect(listed.status).toBe(304);
    expect((await fetchBytes(viewer, fileUrl(photo.id), { 'if-none-match': '"other"' })).status).toBe(200);
    const stale = await fetchBytes(viewer, fileUrl(photo.id), { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(photo.bytes.length);
    const fresh = await fetchBytes(viewer, fileUrl(photo.id), { range: 'bytes=0-9', 'if-range': etag });
    expect(fresh.status).toBe(206);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetchBytes(viewer, fileUrl(photo.id), { ':method': 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(photo.bytes.length));
    expect(res.body.length).toBe(0);
  });

  it('serves a HEIC original as uploaded, and its JPEG display copy on display=1', async () => {
    const original = await fetchBytes(viewer, fileUrl(heic.id));
    expect(original.headers.get('content-type')).toBe('image/heif');
    expect(original.body.equals(heic.bytes)).toBe(true);
    const shown = await fetchBytes(viewer, `${fileUrl(heic.id)}?display=1`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/jpeg');
    expect(shown.body.equals(display)).toBe(true);
    expect(shown.headers.get('etag')).not.toBe(original.headers.get('etag'));
    // Without a display copy, display=1 is the original.
    const jpeg = await fetchBytes(viewer, `${fileUrl(photo.id)}?display=1`);
    expect(jpeg.body.equals(photo.bytes)).toBe(true);
    const listing = await viewer.get(
      `/apis/api/v1/site-content/gallery/folder/${(await siteOf(heic.id)).key}`,
    );
    const entry = listing.body.data.content.find((m: { id: number }) => m.id === heic.id);
    expect(entry).toMatchObject({ url: `${fileUrl(heic.id)}?display=1`, originalUrl: fileUrl(heic.id) });
  });
});

/** The DATE folder key of an item, through the listing itself. */
async function siteOf(id: number) {
  const sites = await viewer.get('/apis/api/v1/site-content/gallery', { query: { search: 'TT-010' } });
  const siteId = sites.body.data.content[0].siteId;
  const dates = await viewer.get('/apis/api/v1/site-content/gallery', { query: { siteId } });
  return { id, key: dates.body.data.content[0].key as string };
}

describe('thumbnail', () => {
  it('streams the WebP thumbnail with its own ETag and ranges', async () => {
    const res = await fetchBytes(viewer, thumbUrl(photo.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.body.equals(thumbnail)).toBe(true);
    expect((await sharp(res.body).metadata()).width).toBe(480);
    const etag = res.headers.get('etag') ?? '';
    expect(etag).not.toBe(`"${sha256(photo.bytes)}"`);
    expect((await fetchBytes(viewer, thumbUrl(photo.id), { 'if-none-match': etag })).status).toBe(304);
    const part = await fetchBytes(viewer, thumbUrl(photo.id), { range: 'bytes=0-3' });
    expect(part.status).toBe(206);
    expect(part.body.toString('latin1')).toBe('RIFF');
  });

  it('answers 404 for an item without one, an unknown item, and 400 for a bad id', async () => {
    expect((await viewer.get(thumbUrl(noThumb.id))).status).toBe(404);
    expect((await viewer.get(thumbUrl(9_999_999))).status).toBe(404);
    expect((await viewer.get(fileUrl(9_999_999))).status).toBe(404);
    const bad = await viewer.get('/apis/api/v1/site-content/media/abc/file');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('id');
    expect((await viewer.get(`${fileUrl(photo.id)}?display=yes`)).status).toBe(400);
  });
});

describe('authority', () => {
  it('lets the author without VIEW_GALLERY fetch their own items only, and not list', async () => {
    for (const url of [fileUrl(photo.id), thumbUrl(photo.id), `${fileUrl(heic.id)}?display=1`]) {
      expect((await fetchBytes(mine.client, url)).status, url).toBe(200);
    }
    for (const url of [fileUrl(othersPhoto.id), thumbUrl(othersPhoto.id)]) {
      const res = await fetchBytes(mine.client, url);
      expect(res.status, url).toBe(403);
      expect(JSON.parse(res.body.toString()).code).toBe('FORBIDDEN');
    }
    expect((await mine.client.get('/apis/api/v1/site-content/gallery')).status).toBe(403);
  });

  it('lets VIEW_GALLERY and admins fetch every item, and nobody without a session', async () => {
    for (const client of [viewer, admin]) {
      expect((await fetchBytes(client, fileUrl(othersPhoto.id))).status).toBe(200);
      expect((await fetchBytes(client, thumbUrl(othersPhoto.id))).status).toBe(200);
    }
    const anonymous = server.client();
    expect((await fetchBytes(anonymous, fileUrl(photo.id))).status).toBe(401);
    expect((await fetchBytes(anonymous, thumbUrl(photo.id))).status).toBe(401);
  });
});
