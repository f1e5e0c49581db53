import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { sha256, upload } from '../uploads/upload-test-kit.ts';
import { type Author, fetchBytes, galleryKit } from './gallery-test-kit.ts';

const GALLERY = '/apis/api/v1/site-content/gallery';
const ASSIGN = '/apis/api/v1/site-content/assign-temp-file';

let server: TestServer;
let viewer: HttpClient;
let author: Author;
let siteId: number;

/** Uploads `file` through the chunk protocol and assigns it to the site, as the web app does. */
async function captureAndAssign(file: Buffer, contentType: string) {
  const { last } = await upload(author.client, file, { contentType, chunkSize: 256 * 1024 });
  expect(last.status, last.text).toBe(200);
  const res = await author.client.post(ASSIGN, { siteId, fileKey: last.body.data.fileKey });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: number; siteDate: string; date: string; duplicate: boolean };
}

beforeAll(async () => {
  server = await startServer();
  // Upload time is the capture time of a photo without EXIF: 23:30 UTC on a winter day.
  server.clock.advance(Date.parse('2026-01-15T23:30:00Z') - Date.now());
  const admin = await server.admin();
  viewer = (await admin.createUser(['VIEW_GALLERY'])).client;
  author = await galleryKit(server).author(admin, 'Ján', 'Šťastný', ['ADD_PHOTOS']);
  const site = await admin.post('/apis/api/v1/site/create', {
    name: 'Nábrežie Dunaja',
    code: 'BA-777',
    lat: 48.14,
    lng: 17.1,
  });
  expect(site.status, site.text).toBe(200);
  siteId = site.body.data.id;
});

afterAll(() => server?.close());

describe('gallery after a real upload and assignment', () => {
  it('lists an assigned photo under the Bratislava date of its upload, and serves its bytes', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c06' } })
      .png()
      .toBuffer();
    const item = await captureAndAssign(png, 'image/png');
    // 23:30 UTC in January is 00:30 the next day in Bratislava.
    expect(item.siteDate).toBe('2026-01-16');

    const sites = await viewer.get(GALLERY, { query: { search: 'stastny' } });
    expect(sites.body.data.content).toEqual([
      expect.objectContaining({
        siteId,
        name: 'Nábrežie Dunaja',
        siteCode: 'BA-777',
        itemCount: 1,
        coverThumbnailUrl: `/apis/api/v1/site-content/media/${item.id}/thumbnail`,
      }),
    ]);
    const dates = await viewer.get(GALLERY, { query: { siteId } });
    expect(dates.body.data.content).toEqual([
      expect.objectContaining({ siteDate: '2026-01-16', name: '16. 1. 2026', itemCount: 1 }),
    ]);
    const media = await viewer.get(`${GALLERY}/folder/${dates.body.data.content[0].key}`);
    expect(media.body.data.content).toEqual([
      expect.objectContaining({
        id: item.id,
        type: 'IMAGE',
        mimeType: 'image/png',
        author: 'Ján Šťastný',
        siteCode: 'BA-777',
        width: 640,
        height: 480,
      }),
    ]);

    const file = await fetchBytes(viewer, media.body.data.content[0].url);
    expect(file.status).toBe(200);
    expect(sha256(file.body)).toBe(sha256(png));
    expect(file.headers.get('etag')).toBe(`"${sha256(png)}"`);
    const thumb = await fetchBytes(author.client, media.body.data.content[0].thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(thumb.body).metadata()).format).toBe('webp');
  });

  it('counts a photo once, however often the same bytes are assigned', async () => {
    const jpeg = await fs.readFile('/work/shared/fixtures/media/nikon-coolpix-gps.jpg');
    const first = await captureAndAssign(jpeg, 'image/jpeg');
    const again = await captureAndAssign(jpeg, 'image/jpeg');
    expect(again).toMatchObject({ id: first.id, duplicate: true });
    const sites = await viewer.get(GALLERY, { query: { search: 'BA-777' } });
    expect(sites.body.data.content[0].itemCount).toBe(2);
    const dates = await viewer.get(GALLERY, { query: { siteId } });
    const folder = dates.body.data.content.find((f: { siteDate: string }) => f.siteDate === first.siteDate);
    expect(folder).toMatchObject({ itemCount: 1 });
    const media = await viewer.get(`${GALLERY}/folder/${folder.key}`);
    expect(media.body.data).toMatchObject({ totalElements: 1 });
    expect(media.body.data.content[0]).toMatchObject({ id: first.id, date: first.date });
  });
});
