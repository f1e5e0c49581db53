import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import { HttpClient } from '../../test/http-client.ts';
import { CONTENT, chunksOf, fakeMp4, sendChunk, sha256, upload } from './upload-test-kit.ts';

const MiB = 1024 * 1024;
const JOLLA = '/work/shared/fixtures/media/jolla-phone.jpg';

describe('upload protocol', () => {
  let server: TestServer;
  let alice: HttpClient;
  let bob: HttpClient;

  beforeAll(async () => {
    server = await startServer();
    const admin = await server.admin();
    alice = (await admin.createUser(['ADD_PHOTOS'])).client;
    bob = (await admin.createUser(['ADD_PHOTOS'])).client;
  });
  afterAll(() => server.close());

  const db = () => server.app.ctx.db.kysely;
  const tempRow = (fileKey: string) =>
    db().selectFrom('temp_files').selectAll().where('file_key', '=', fileKey).executeTakeFirstOrThrow();

  /** The bytes the preview route serves for an upload, hashed. */
  const servedHash = async (client: HttpClient, fileKey: string) => {
    const res = await fetch(new URL(`${CONTENT}/temp/${fileKey}`, server.url), {
      headers: { cookie: `SESSION=${client.cookie}` },
    });
    expect(res.status).toBe(200);
    return sha256(new Uint8Array(await res.arrayBuffer()));
  };

  it.each([
    ['in order', [0, 1, 2, 3]],
    ['reversed', [3, 2, 1, 0]],
    ['shuffled', [2, 0, 3, 1]],
    ['with duplicates', [1, 1, 0, 2, 0, 3]],
  ])('assembles 1 MiB chunks sent %s into the same bytes', async (_name, order) => {
    const file = fakeMp4(3 * MiB + 4321, order.length);
    const { answers, last } = await upload(alice, file, { order });
    expect(last.status, last.text).toBe(200);
    for (const a of answers.slice(0, -1)) {
      expect(a.status).toBe(206);
      expect(a.body.data.total).toBe(4);
    }
    // A resent chunk does not count twice.
    expect(answers.map((a) => a.body.data.received).slice(0, -1)).toEqual(
      order.slice(0, -1).map((_, i) => new Set(order.slice(0, i + 1)).size),
    );
    const { fileKey, fileUrl, type, mimeType } = last.body.data;
    expect(fileUrl).toBe(`${server.app.ctx.config.publicUrl}/apis/api/v1/site-content/temp/${fileKey}`);
    expect(last.body.message).toBe('Súbor bol úspešne nahraný');
    expect({ type, mimeType }).toEqual({ type: 'VIDEO', mimeType: 'video/mp4' });
    const row = await tempRow(fileKey);
    expect(row.sha256).toBe(sha256(file));
    expect(Number(row.size)).toBe(file.length);
    expect(await servedHash(alice, fileKey)).toBe(sha256(file));
    // The chunks are gone once assembled.
    const left = await db().selectFrom('upload_chunks').selectAll().execute();
    expect(left).toEqual([]);
  });

  it('assembles a real photo from small shuffled chunks without Content-Range', async () => {
    const photo = fs.readFileSync(JOLLA);
    const n = chunksOf(photo, 64 * 1024).length;
    const order = Array.from({ length: n }, (_, i) => (i * 7) % n);
    expect(new Set(order).size).toBe(n);
    const { last } = await upload(alice, photo, {
      order,
      chunkSize: 64 * 1024,
      range: false,
      contentType: 'image/jpeg',
    });
    expect(last.status, last.text).toBe(200);
    expect((await tempRow(last.body.data.fileKey)).sha256).toBe(sha256(photo));
  });

  it('assembles an upload whose chunks come partly with and partly without Content-Range', async () => {
    const file = fakeMp4(3 * MiB + 99, 77);
    const chunks = chunksOf(file);
    const uploadId = randomUUID();
    let last: Awaited<ReturnType<typeof sendChunk>> | undefined;
    for (const c of [chunks[3], chunks[0], chunks[2], chunks[1]]) {
      const withRange = c.index % 2 === 0;
      last = await sendChunk(alice, c, { uploadId, total: 4, fileSize: withRange ? file.length : undefined });
    }
    expect(last?.status, last?.text).toBe(200);
    expect((await tempRow(last?.body.data.fileKey)).sha256).toBe(sha256(file));
    expect(fs.readdirSync(`${server.dataDir}/tmp/uploads`)).toEqual([]);
  });

  it('answers a chunk resent after completion with the same file', async () => {
    const file = fakeMp4(MiB + 10);
    const { uploadId, last } = await upload(alice, file);
    const again = await sendChunk(alice, chunksOf(file)[1], { uploadId, total: 2, fileSize: file.length });
    expect(again.status).toBe(200);
    expect(again.body.data.fileKey).toBe(last.body.data.fileKey);
    expect(
      await db().selectFrom('temp_files').select('file_key').where('sha256', '=', sha256(file)).execute(),
    ).toHaveLength(1);
  });

  it('tells which chunks it holds, for resuming', async () => {
    const file = fakeMp4(3 * MiB + 1);
    const chunks = chunksOf(file);
    const uploadId = randomUUID();
    const unknown = await alice.get(`${CONTENT}/upload/${uploadId}`);
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ uploadId, chunks: [], total: null, complete: false });

    for (const i of [2, 0]) await sendChunk(alice, chunks[i], { uploadId, total: 4, fileSize: file.length });
    const partial = await alice.get(`${CONTENT}/upload/${uploadId}`);
    expect(partial.body.data).toEqual({ uploadId, chunks: [0, 2], total: 4, complete: false });

    for (const i of [3, 1]) await sendChunk(alice, chunks[i], { uploadId, total: 4, fileSize: file.length });
    const done = await alice.get(`${CONTENT}/upload/${uploadId}`);
    expect(done.body.data).toMatchObject({ chunks: [0, 1, 2, 3], total: 4, complete: true });
    expect(done.body.data.file.fileKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps an upload to the sender of its first chunk', async () => {
    const file = fakeMp4(2 * MiB + 5);
    const chunks = chunksOf(file);
    const uploadId = randomUUID();
    expect((await sendChunk(alice, chunks[0], { uploadId, total: 3, fileSize: file.length })).status).toBe(
      206,
    );
    const stolen = await sendChunk(bob, chunks[1], { uploadId, total: 3, fileSize: file.length });
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toBe('Toto nahrávanie patrí inému používateľovi');
    expect((await bob.get(`${CONTENT}/upload/${uploadId}`)).status).toBe(403);
    // Bob's bytes were not taken in; Alice finishes normally.
    expect((await alice.get(`${CONTENT}/upload/${uploadId}`)).body.data.chunks).toEqual([0]);
    for (const i of [1, 2]) await sendChunk(alice, chunks[i], { uploadId, total: 3, fileSize: file.length });
    expect((await alice.get(`${CONTENT}/upload/${uploadId}`)).body.data.complete).toBe(true);
  });

  it('keeps two users’ interleaved uploads apart', async () => {
    const a = fakeMp4(2 * MiB + 100, 11);
    const b = fakeMp4(2 * MiB + 200, 12);
    const [ca, cb] = [chunksOf(a), chunksOf(b)];
    const [ida, idb] = [randomUUID(), randomUUID()];
    const results = [];
    for (let i = 0; i < 3; i += 1) {
      results.push(await sendChunk(alice, ca[i], { uploadId: ida, total: 3, fileSize: a.length }));
      results.push(await sendChunk(bob, cb[2 - i], { uploadId: idb, total: 3, fileSize: b.length }));
    }
    const [ra, rb] = [results[4], results[5]];
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect((await tempRow(ra.body.data.fileKey)).sha256).toBe(sha256(a));
    expect((await tempRow(rb.body.data.fileKey)).sha256).toBe(sha256(b));
    // Each sees only their own file.
    expect((await bob.get(`${CONTENT}/temp/${ra.body.data.fileKey}`)).status).toBe(404);
  });

  it('completes an upload across a server restart between chunks', async () => {
    const file = fakeMp4(3 * MiB + 77, 21);
    const chunks = chunksOf(file);
    const uploadId = randomUUID();
    for (const i of [0, 2]) {
      expect((await sendChunk(alice, chunks[i], { uploadId, total: 4, fileSize: file.length })).status).toBe(
        206,
      );
    }
    await server.restart();
    expect((await alice.get(`${CONTENT}/upload/${uploadId}`)).body.data.chunks).toEqual([0, 2]);
    expect((await sendChunk(alice, chunks[3], { uploadId, total: 4, fileSize: file.length })).status).toBe(
      206,
    );
    const last = await sendChunk(alice, chunks[1], { uploadId, total: 4, fileSize: file.length });
    expect(last.status, last.text).toBe(200);
    expect((await tempRow(last.body.data.fileKey)).sha256).toBe(sha256(file));
  });

  it('takes 20 uploads at once', async () => {
    const files = Array.from({ length: 20 }, (_, i) => fakeMp4(MiB + 1000 * (i + 1), 100 + i));
    const results = await Promise.all(
      files.map((f, i) => upload(i % 2 ? alice : bob, f, { order: i % 3 ? [0, 1] : [1, 0] })),
    );
    const keys = new Set<string>();
    for (const [i, r] of results.entries()) {
      expect(r.last.status, r.last.text).toBe(200);
      keys.add(r.last.body.data.fileKey);
      expect((await tempRow(r.last.body.data.fileKey)).sha256).toBe(sha256(files[i]));
    }
    expect(keys.size).toBe(20);
  });

  it('assembles exactly once when two instances receive the last two chunks at the same moment', async () => {
    const second = await server.spawnInstance();
    try {
      const aliceThere = Object.assign(new HttpClient(second.url), { cookie: alice.cookie });
      for (let round = 0; round < 3; round += 1) {
        const file = fakeMp4(4 * MiB + 1 + round, 300 + round);
        const chunks = chunksOf(file);
        const uploadId = randomUUID();
        const o = { uploadId, total: 5, fileSize: file.length };
        for (const i of [0, 1, 2]) expect((await sendChunk(alice, chunks[i], o)).status).toBe(206);
        const [x, y] = await Promise.all([
          sendChunk(alice, chunks[3], o),
          sendChunk(aliceThere, chunks[4], o),
        ]);
        const finals = [x, y].filter((r) => r.status === 200);
        expect(finals.length, `${x.status} ${x.text} / ${y.status} ${y.text}`).toBeGreaterThanOrEqual(1);
        // Whoever answered 200 names the same file, and there is exactly one.
        expect(new Set(finals.map((r) => r.body.data.fileKey)).size).toBe(1);
        const rows = await db()
          .selectFrom('temp_files')
          .select('file_key')
          .where('sha256', '=', sha256(file))
          .execute();
        expect(rows).toHaveLength(1);
        const stored = fs
          .readdirSync(`${server.dataDir}/tmp/files`)
          .filter((f) => f.startsWith(rows[0].file_key));
        expect(stored).toEqual([`${rows[0].file_key}.mp4`]);
      }
    } finally {
      await second.close();
    }
  });
});
