import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { CONTENT, chunksOf, fakeMp4, sendChunk, UPLOAD_URL, upload } from './upload-test-kit.ts';

const MiB = 1024 * 1024;
const MAX = 3 * MiB;
const FIXTURES = '/work/shared/fixtures/media';

describe('upload protocol errors', () => {
  let server: TestServer;
  let user: HttpClient;
  let viewer: HttpClient;

  beforeAll(async () => {
    server = await startServer({ MAX_UPLOAD_BYTES: String(MAX) });
    const admin = await server.admin();
    user = (await admin.createUser(['ADD_PHOTOS'])).client;
    viewer = (await admin.createUser(['VIEW_GALLERY', 'MANAGE_SITES'])).client;
  });
  afterAll(() => server.close());

  const db = () => server.app.ctx.db.kysely;
  const post = (
    client: HttpClient,
    body: Uint8Array<ArrayBuffer>,
    headers: Record<string, string>,
    uploadId: string = randomUUID(),
  ) =>
    client.request('POST', UPLOAD_URL, {
      query: { uploadId },
      body,
      headers: { 'content-type': 'application/octet-stream', ...headers },
    });
  const storedFiles = (dir: string) => {
    const full = path.join(server.dataDir, dir);
    return fs.existsSync(full) ? fs.readdirSync(full) : [];
  };

  /** What refused requests must leave as it was: temp files, chunk rows, stored files. */
  const snapshot = async () => ({
    tempFiles: await db().selectFrom('temp_files').select('file_key').execute(),
    chunks: await db().selectFrom('upload_chunks').select(['upload_id', 'chunk_index']).execute(),
    chunkFiles: storedFiles('tmp/chunks').sort(),
    partFiles: storedFiles('tmp/uploads').sort(),
    files: storedFiles('tmp/files').sort(),
  });
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeEach(async () => {
    before = await snapshot();
  });
  const expectNothingKept = async () => expect(await snapshot()).toEqual(before);

  it('wants a session with ADD_PHOTOS', async () => {
    const chunk = { 'x-chunk-index': '0', 'x-total-chunks': '1' };
    expect((await post(server.client(), new Uint8Array(10), chunk)).status).toBe(401);
    expect((await post(viewer, new Uint8Array(10), chunk)).status).toBe(403);
    expect((await viewer.get(`${CONTENT}/upload/${randomUUID()}`)).status).toBe(403);
    await expectNothingKept();
  });

  it('answers 400 naming the header or parameter for missing and malformed ones', async () => {
    const body = new Uint8Array(100);
    const cases: [Record<string, string>, string, string?][] = [
      [{ 'x-total-chunks': '2' }, 'x-chunk-index'],
      [{ 'x-chunk-index': '0' }, 'x-total-chunks'],
      [{ 'x-chunk-index': 'one', 'x-total-chunks': '2' }, 'x-chunk-index'],
      [{ 'x-chunk-index': '-1', 'x-total-chunks': '2' }, 'x-chunk-index'],
      [{ 'x-chunk-index': '0', 'x-total-chunks': '0' }, 'x-total-chunks'],
      [{ 'x-chunk-index': '1.5', 'x-total-chunks': '2' }, 'x-chunk-index'],
      [{ 'x-chunk-index': '2', 'x-total-chunks': '2' }, 'x-chunk-index'],
      [{ 'x-chunk-index': '0', 'x-total-chunks': '2', 'content-range': 'bytes=0-99/200' }, 'content-range'],
      [{ 'x-chunk-index': '0', 'x-total-chunks': '2', 'content-range': 'bytes 50-10/200' }, 'content-range'],
      [{ 'x-chunk-index': '0', 'x-total-chunks': '2', 'content-range': 'bytes 0-199/150' }, 'content-range'],
      // The range says 50 bytes, the body has 100.
      [{ 'x-chunk-index': '0', 'x-total-chunks': '2', 'content-range': 'bytes 0-49/200' }, 'content-range'],
      [
        { 'x-chunk-index': '0', 'x-total-chunks': '300', 'content-range': 'bytes 0-99/200' },
        'x-total-chunks',
      ],
    ];
    for (const [headers, field] of cases) {
      const res = await post(user, body, headers);
      expect(res.status, JSON.stringify(headers)).toBe(400);
      expect(res.body.message, JSON.stringify(headers)).toContain(`„${field}“`);
    }
    const noId = await user.request('POST', UPLOAD_URL, {
      body,
      headers: { 'content-type': 'image/jpeg', 'x-chunk-index': '0', 'x-total-chunks': '1' },
    });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toContain('„uploadId“');
    const badId = await post(user, body, { 'x-chunk-index': '0', 'x-total-chunks': '1' }, '../../etc/passwd');
    expect(badId.status).toBe(400);
    expect((await user.get(`${CONTENT}/upload/short`)).status).toBe(400);
    await expectNothingKept();
  });

  it('refuses an empty chunk', async () => {
    const res = await post(user, new Uint8Array(0), { 'x-chunk-index': '0', 'x-total-chunks': '1' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Časť súboru je prázdna');
    await expectNothingKept();
  });

  it('refuses chunks that contradict the upload’s first chunk', async () => {
    const file = fakeMp4(2 * MiB + 10);
    const chunks = chunksOf(file);
    const uploadId = randomUUID();
    expect((await sendChunk(user, chunks[0], { uploadId, total: 3, fileSize: file.length })).status).toBe(
      206,
    );
    const otherTotal = await sendChunk(user, chunks[1], { uploadId, total: 4, fileSize: file.length });
    expect(otherTotal.status).toBe(400);
    expect(otherTotal.body.message).toContain('„x-total-chunks“');
    const otherSize = await sendChunk(user, chunks[1], { uploadId, total: 3, fileSize: file.length + 1 });
    expect(otherSize.status).toBe(400);
    expect(otherSize.body.message).toContain('„content-range“');
    // Still going: the contradicting chunks were not taken in.
    expect((await user.get(`${CONTENT}/upload/${uploadId}`)).body.data.chunks).toEqual([0]);
  });

  it('refuses chunks whose ranges do not tile the file', async () => {
    const file = fakeMp4(2 * MiB + 10);
    const chunks = chunksOf(file);
    const uploadId = randomUUID();
    const o = { uploadId, total: 3, fileSize: file.length };
    await sendChunk(user, chunks[0], o);
    // Chunk 1 claims to start one byte late.
    const shifted = { ...chunks[1], start: chunks[1].start + 1, end: chunks[1].end + 1 };
    expect((await sendChunk(user, shifted, o)).status).toBe(206);
    const last = await sendChunk(user, chunks[2], o);
    expect(last.status).toBe(400);
    expect(last.body.code).toBe('INCONSISTENT_UPLOAD');
    // The refusal sticks: a resend gets the same answer, nothing is kept.
    expect((await sendChunk(user, chunks[0], o)).status).toBe(400);
    await expectNothingKept();
  });

  it('answers 413 for a chunk over 1 MiB, declared or streamed', async () => {
    const big = new Uint8Array(MiB + 1);
    const declared = await post(user, big, { 'x-chunk-index': '0', 'x-total-chunks': '2' });
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe('Časť súboru môže mať najviac 1 MB');
    // Without Content-Length (chunked transfer), the server counts while reading.
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 5; i += 1) c.enqueue(new Uint8Array(300 * 1024));
        c.close();
      },
    });
    const res = await fetch(new URL(`${UPLOAD_URL}?uploadId=${randomUUID()}`, server.url), {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: {
        cookie: `SESSION=${user.cookie}`,
        'content-type': 'application/octet-stream',
        'x-chunk-index': '0',
        'x-total-chunks': '2',
      },
    } as RequestInit);
    expect(res.status).toBe(413);
    await expectNothingKept();
  });

  it('answers 413 for a file over MAX_UPLOAD_BYTES, before storing anything when it can', async () => {
    const chunk = new Uint8Array(1000);
    const declared = await post(user, chunk, {
      'x-chunk-index': '0',
      'x-total-chunks': '4',
      'content-range': `bytes 0-999/${MAX + 1}`,
    });
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe('Súbor môže mať najviac 3 MB');
    await expectNothingKept();

    // Without ranges, the running total decides; the upload then stays refused.
    const file = fakeMp4(4 * MiB);
    const { uploadId, last } = await upload(user, file, { range: false });
    expect(last.status).toBe(413);
    const again = await sendChunk(user, chunksOf(file)[0], { uploadId, total: 4 });
    expect(again.status).toBe(413);
    await expectNothingKept();
  });

  it.each([
    [
      'an SVG image',
      Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    ],
    [
      'an HTML page',
      Buffer.from('\n  <!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>'),
    ],
    ['plain text', Buffer.from('just some words, not a photo at all\n'.repeat(100))],
    [
      'an ELF executable',
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(5000, 1)]),
    ],
    ['a PDF', Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), Buffer.alloc(3000, 0x20)])],
    ['a ZIP', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]), Buffer.alloc(3000, 0)])],
  ])('answers 415 for %s', async (_name, bytes) => {
    const { last, uploadId } = await upload(user, bytes, { contentType: 'image/jpeg' });
    expect(last.status).toBe(415);
    expect(last.body.message).toMatch(/^Nepodporovaný typ súboru/);
    expect((await user.get(`${CONTENT}/upload/${uploadId}`)).status).toBe(415);
    await expectNothingKept();
  });

  it('answers 415 for a JPEG that is also an HTML page (a polyglot)', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const html = Buffer.from(
      '<html><body><script>fetch("/apis/user-logout",{method:"POST"})</script></body></html>',
    );
    const com = Buffer.alloc(4);
    com.writeUInt16BE(0xfffe, 0);
    com.writeUInt16BE(html.length + 2, 2);
    // SOI, then a comment segment carrying the page, then the rest of a valid JPEG.
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), com, html, jpeg.subarray(2)]);
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg');
    const { last } = await upload(user, polyglot);
    expect(last.status).toBe(415);
    await expectNothingKept();
  });

  it('answers 422 for a damaged photo, never a 5xx', async () => {
    const damaged = fs.readFileSync(path.join(FIXTURES, 'corrupted.jpg'));
    const { last } = await upload(user, damaged, { contentType: 'image/jpeg' });
    expect(last.status).toBe(422);
    expect(last.body).toMatchObject({
      code: 'CORRUPT_MEDIA',
      message: 'Fotografia je poškodená a nedá sa spracovať. Skúste ju nahrať znova.',
    });
    await expectNothingKept();
  });
});
