import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT,
  chunksOf,
  fakeMp4,
  type SendOptions,
  sendChunk,
  sha256,
} from '../modules/uploads/upload-test-kit.ts';
import { startServer, type TestServer } from '../test/harness.ts';
import type { HttpClient } from '../test/http-client.ts';
import { createSite } from './reliability-kit.ts';

const KiB = 1024;
const USERS = 10;
const UPLOADS = 50;

type Sent = { owner: number; intruder: number; file: Buffer; uploadId: string; fileKey?: string };

/**
 * 50 uploads from 10 users at once, chunks out of order, with and without Content-Range (the part
 * file and the chunk-object paths), while each upload's neighbour tries to read and write into
 * it. Every file comes out whole and its own; nobody reaches anybody else's.
 */
describe('50 concurrent uploads from 10 users', () => {
  let server: TestServer;
  let siteId: number;
  const users: { id: number; client: HttpClient }[] = [];
  const sent: Sent[] = [];
  const intrusions: { what: string; status: number }[] = [];

  beforeAll(async () => {
    server = await startServer({ FFMPEG_PATH: 'off' });
    const admin = await server.admin();
    siteId = await createSite(admin, 'SOUBEH');
    for (let u = 0; u < USERS; u += 1) {
      const res = await admin.post('/apis/api/v1/user/create', {
        firstName: 'Súbežný',
        lastName: `Používateľ ${u}`,
        email: `concurrent-${u}@test.sk`,
        password: 'Heslo123',
        admin: false,
        active: true,
        permissions: ['ADD_PHOTOS'],
      });
      expect(res.status, res.text).toBe(200);
      users.push({ id: res.body.data.id, client: await server.sessionFor(res.body.data.id) });
    }
    for (let i = 0; i < UPLOADS; i += 1) {
      // 50 KiB to 1.4 MiB: one or two chunks, a byte count that is never round.
      const file = fakeMp4(50 * KiB + (i % 10) * 150 * KiB + i, 1000 + i);
      sent.push({ owner: i % USERS, intruder: (i + 3) % USERS, file, uploadId: `concurrent-${i}-upload` });
    }
  });
  afterAll(() => server?.close());

  const clientOf = (u: number) => users[u]?.client as HttpClient;

  async function uploadOne(s: Sent, i: number): Promise<void> {
    const chunks = chunksOf(s.file);
    const o: SendOptions = { uploadId: s.uploadId, total: chunks.length, fileSize: s.file.length };
    if (i % 5 === 0) o.range = false;
    const order = i % 2 ? chunks.map((c) => c.index).reverse() : chunks.map((c) => c.index);
    const owner = clientOf(s.owner);
    const intruder = clientOf(s.intruder);
    let last = await sendChunk(owner, chunks[order[0] as number] as (typeof chunks)[number], o);
    // The neighbour, knowing the id, tries to read it and to slip a chunk of their own in.
    const garbage = { index: chunks.length - 1, body: Buffer.alloc(1000, 0x41), start: 0, end: 999 };
    intrusions.push(
      { what: 'progress', status: (await intruder.get(`${CONTENT}/upload/${s.uploadId}`)).status },
      { what: 'chunk', status: (await sendChunk(intruder, garbage, { ...o, range: false })).status },
    );
    for (const index of order.slice(1)) {
      last = await sendChunk(owner, chunks[index] as (typeof chunks)[number], o);
    }
    expect(last.status, last.text).toBe(200);
    s.fileKey = last.body.data.fileKey;
  }

  it('completes every upload, each file byte-equal and its uploader’s', async () => {
    await Promise.all(sent.map((s, i) => uploadOne(s, i)));
    expect(intrusions.filter((x) => x.status !== 403)).toEqual([]);
    expect(intrusions).toHaveLength(2 * UPLOADS);

    const rows = await server.app.ctx.db.kysely.selectFrom('temp_files').selectAll().execute();
    expect(rows).toHaveLength(UPLOADS);
    for (const s of sent) {
      const row = rows.find((r) => r.file_key === s.fileKey);
      expect(row?.user_id).toBe(users[s.owner]?.id);
      expect(row?.sha256).toBe(sha256(s.file));
      const stored = await fs.readFile(path.join(server.dataDir, row?.storage_key as string));
      expect(sha256(new Uint8Array(stored))).toBe(sha256(s.file));
    }
    // Nothing of the uploads is left over: no chunk rows, no chunk objects, no part files.
    expect(await server.app.ctx.db.kysely.selectFrom('upload_chunks').select('upload_id').execute()).toEqual(
      [],
    );
    for (const dir of ['tmp/chunks', 'tmp/uploads']) {
      expect(await fs.readdir(path.join(server.dataDir, dir)).catch(() => [])).toEqual([]);
    }
  });

  it('serves each file to its uploader only; nobody else can see, discard or assign it', async () => {
    for (const s of sent) {
      const served = await fetch(new URL(`${CONTENT}/temp/${s.fileKey}`, server.url), {
        headers: { cookie: `SESSION=${clientOf(s.owner).cookie}` },
      });
      expect(served.status).toBe(200);
      expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(s.file));
      const intruder = clientOf(s.intruder);
      expect((await intruder.get(`${CONTENT}/temp/${s.fileKey}`)).status).toBe(404);
      expect((await intruder.get(`${CONTENT}/temp/${s.fileKey}/thumbnail`)).status).toBe(404);
      expect((await intruder.request('POST', `${CONTENT}/delete-temp-file/${s.fileKey}`)).status).toBe(403);
      expect(
        (await intruder.post(`${CONTENT}/assign-temp-file`, { siteId, fileKey: s.fileKey })).status,
      ).toBe(403);
      // The upload itself stays the uploader's: the progress answer names the same file.
      expect((await intruder.get(`${CONTENT}/upload/${s.uploadId}`)).status).toBe(403);
      const own = await clientOf(s.owner).get(`${CONTENT}/upload/${s.uploadId}`);
      expect(own.body.data).toMatchObject({ complete: true, file: { fileKey: s.fileKey } });
    }
    const kysely = server.app.ctx.db.kysely;
    expect(await kysely.selectFrom('temp_files').select('file_key').execute()).toHaveLength(UPLOADS);
    expect(await kysely.selectFrom('media_items').select('id').execute()).toEqual([]);
  });
});
