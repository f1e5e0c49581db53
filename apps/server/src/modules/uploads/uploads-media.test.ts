import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPath } from '../../platform/media/tools.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { CONTENT, uploadOk } from './upload-test-kit.ts';

const FIXTURES = '/work/shared/fixtures/media';
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const hasHeif = onPath('heif-convert') !== undefined && onPath('heif-enc') !== undefined;
const hasFfmpeg = onPath('ffmpeg') !== undefined;

/** A WebM made by ffmpeg right here; `live` leaves the duration out of the header, as MediaRecorder does. */
function makeWebm(dir: string, opts: { seconds: number; size: string; live?: boolean }): Buffer {
  const out = path.join(dir, `clip-${opts.size}-${opts.live ? 'live' : 'file'}.webm`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${opts.size}:rate=10`,
    '-t',
    String(opts.seconds),
    '-c:v',
    'libvpx',
    ...(opts.live ? ['-f', 'webm', '-live', '1'] : []),
    '-y',
    out,
  ]);
  return fs.readFileSync(out);
}

describe('media processing on upload', () => {
  let server: TestServer;
  let user: HttpClient;
  let work: string;

  beforeAll(async () => {
    server = await startServer();
    user = (await (await server.admin()).createUser(['ADD_PHOTOS'])).client;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-media-test-'));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const row = (fileKey: string) =>
    server.app.ctx.db.kysely
      .selectFrom('temp_files')
      .selectAll()
      .where('file_key', '=', fileKey)
      .executeTakeFirstOrThrow();

  /** GET a temp file route as the uploader; the body as bytes. */
  const fetchBytes = async (url: string) => {
    const res = await fetch(new URL(url, server.url), { headers: { cookie: `SESSION=${user.cookie}` } });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };
  const thumbnail = async (fileKey: string) => {
    const res = await fetchBytes(`${CONTENT}/temp/${fileKey}/thumbnail`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/webp');
    const meta = await sharp(res.bytes).metadata();
    expect(meta.format).toBe('webp');
    return { width: meta.width, height: meta.height };
  };

  it('turns photos stored sideways (EXIF orientation 6) upright', async () => {
    const landscape = await uploadOk(user, fixture('orientation-6-landscape.jpg'));
    expect(await thumbnail(landscape)).toEqual({ width: 480, height: 360 });
    expect(await row(landscape)).toMatchObject({
      type: 'IMAGE',
      mime_type: 'image/jpeg',
      width: 600,
      height: 450,
    });

    const portrait = await uploadOk(user, fixture('orientation-6-portrait.jpg'));
    expect(await thumbnail(portrait)).toEqual({ width: 360, height: 480 });
    expect(await row(portrait)).toMatchObject({ width: 450, height: 600 });
  });

  it('reads capture time (camera wall clock in TZ_GALLERY) and GPS position from EXIF', async () => {
    const key = await uploadOk(user, fixture('nikon-coolpix-gps.jpg'));
    const r = await row(key);
    // 2008-10-22 16:28:39 in Bratislava, summer time (UTC+2).
    expect(new Date(Number(r.taken_at)).toISOString()).toBe('2008-10-22T14:28:39.000Z');
    expect(r.lat).toBeCloseTo(43.4674, 3);
    expect(r.lng).toBeCloseTo(11.8851, 3);
    expect(await thumbnail(key)).toEqual({ width: 480, height: 360 });
  });

  it('survives malformed EXIF and never enlarges a small photo', async () => {
    const key = await uploadOk(user, fixture('invalid-exif.jpg'));
    expect(await row(key)).toMatchObject({ taken_at: null, lat: null, lng: null, width: 61, height: 58 });
    expect(await thumbnail(key)).toEqual({ width: 61, height: 58 });
  });

  it('takes PNG, WebP and GIF images made with sharp', async () => {
    const base = sharp({ create: { width: 1200, height: 600, channels: 3, background: '#2a7f62' } });
    const cases = [
      ['image/png', await base.clone().png().toBuffer()],
      ['image/webp', await base.clone().webp().toBuffer()],
      ['image/gif', await base.clone().gif().toBuffer()],
    ] as const;
    for (const [mime, bytes] of cases) {
      const key = await uploadOk(user, bytes);
      expect(await row(key), mime).toMatchObject({
        type: 'IMAGE',
        mime_type: mime,
        width: 1200,
        height: 600,
        taken_at: null,
      });
      expect(await thumbnail(key), mime).toEqual({ width: 480, height: 240 });
      const preview = await fetchBytes(`${CONTENT}/temp/${key}`);
      expect(preview.type).toBe(mime);
      expect(preview.bytes.equals(bytes)).toBe(true);
    }
  });

  it.runIf(hasHeif)('keeps a HEIC photo and adds an upright JPEG copy and thumbnail', async () => {
    const original = fixture('iphone-13-pro-max.heic');
    const key = await uploadOk(user, original);
    const r = await row(key);
    expect(r).toMatchObject({ type: 'IMAGE', mime_type: 'image/heic', width: 3024, height: 4032 });
    // 12:55:41 with OffsetTimeOriginal +01:00.
    expect(new Date(Number(r.taken_at)).toISOString()).toBe('2022-02-16T11:55:41.000Z');
    expect(r.storage_key.endsWith('.heic')).toBe(true);
    expect(fs.readFileSync(path.join(server.dataDir, r.storage_key)).equals(original)).toBe(true);

    const preview = await fetchBytes(`${CONTENT}/temp/${key}`);
    expect(preview.type).toBe('image/jpeg');
    const meta = await sharp(preview.bytes).metadata();
    // Upright pixels and no orientation tag left for a viewer to apply a second time.
    expect({
      format: meta.format,
      width: meta.width,
      height: meta.height,
      orientation: meta.orientation,
    }).toEqual({
      format: 'jpeg',
      width: 3024,
      height: 4032,
      orientation: undefined,
    });
    expect(await thumbnail(key)).toEqual({ width: 360, height: 480 });
  });

  it.runIf(hasHeif)('converts a HEIC photo generated here by heif-enc', async () => {
    const png = path.join(work, 'wide.png');
    await sharp({ create: { width: 800, height: 400, channels: 3, background: '#c03030' } })
      .png()
      .toFile(png);
    const heic = path.join(work, 'wide.heic');
    execFileSync('heif-enc', ['-q', '60', png, '-o', heic]);
    const key = await uploadOk(user, fs.readFileSync(heic));
    expect(await row(key)).toMatchObject({ mime_type: 'image/heic', width: 800, height: 400 });
    expect(await thumbnail(key)).toEqual({ width: 480, height: 240 });
    const small = await uploadOk(user, fixture('small-sample.heif'));
    expect(await thumbnail(small)).toEqual({ width: 480, height: 320 });
  });

  it.runIf(hasFfmpeg)('makes a poster and reads the duration of a WebM made by ffmpeg', async () => {
    const key = await uploadOk(user, makeWebm(work, { seconds: 3, size: '640x360' }));
    const r = await row(key);
    expect(r).toMatchObject({ type: 'VIDEO', mime_type: 'video/webm', width: 640, height: 360 });
    expect(Number(r.duration_seconds)).toBeCloseTo(3, 1);
    expect(await thumbnail(key)).toEqual({ width: 480, height: 270 });
  });

  it.runIf(hasFfmpeg)('reads the duration of a recording whose header has none', async () => {
    const key = await uploadOk(user, makeWebm(work, { seconds: 2, size: '320x240', live: true }));
    const r = await row(key);
    expect(Number(r.duration_seconds)).toBeGreaterThan(1.5);
    expect(Number(r.duration_seconds)).toBeLessThanOrEqual(2.1);
    expect(await thumbnail(key)).toEqual({ width: 320, height: 240 });
  });

  it.runIf(hasFfmpeg)('takes a video without ffmpeg, only without poster and duration', async () => {
    const bare = await startServer({ FFMPEG_PATH: 'off' });
    try {
      const other = (await (await bare.admin()).createUser(['ADD_PHOTOS'])).client;
      const webm = makeWebm(work, { seconds: 1, size: '320x240' });
      const key = await uploadOk(other, webm);
      const r = await bare.app.ctx.db.kysely
        .selectFrom('temp_files')
        .selectAll()
        .where('file_key', '=', key)
        .executeTakeFirstOrThrow();
      expect(r).toMatchObject({
        type: 'VIDEO',
        mime_type: 'video/webm',
        thumbnail_key: null,
        duration_seconds: null,
      });
      expect((await other.get(`${CONTENT}/temp/${key}/thumbnail`)).status).toBe(404);
      expect((await other.request('GET', `${CONTENT}/temp/${key}`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
