import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT, chunksOf, fakeMp4, sendChunk, sha256 } from '../modules/uploads/upload-test-kit.ts';
import { ADMIN } from '../test/harness.ts';
import type { HttpClient } from '../test/http-client.ts';
import {
  addToGallery,
  createSite,
  exportStatus,
  type Item,
  requestExport,
  zipContents,
} from './reliability-kit.ts';
import { killAll, newPlace, type Place, type ServerProcess, startProcess, until } from './server-process.ts';

const MiB = 1024 * 1024;

/**
 * Two server processes on one PostgreSQL schema and one DATA_DIR, as behind a load balancer:
 * whatever one instance starts, the other can continue. (SQLite is one machine, one process: the
 * `.postgres.test.ts` suffix keeps this file to the PostgreSQL project.)
 */
describe('two server instances on one database and one storage', () => {
  let place: Place;
  let a: ServerProcess;
  let b: ServerProcess;
  let userCookie: string | undefined;
  let userEmail: string;
  let siteId: number;

  beforeAll(async () => {
    place = await newPlace();
    // Both at once on an empty schema, as a deployment starts them.
    [a, b] = await Promise.all([startProcess(place), startProcess(place)]);
    const admin = await a.admin();
    siteId = await createSite(admin, 'DVOJICA');
    const user = await admin.createUser(['ADD_PHOTOS', 'EXPORT_GALLERY']);
    userCookie = user.client.cookie;
    userEmail = user.email;
  }, 180_000);

  afterAll(async () => {
    await killAll();
    await place?.drop();
  });

  /** The user on instance 0 (a) or 1 (b). */
  const on = (i: number): HttpClient => (i % 2 ? b : a).client(userCookie);

  it('honours a session made on one instance on the other, and ends it on both', async () => {
    const check = await on(1).get('/apis/auth-check');
    expect(check.status).toBe(200);
    expect(check.body.data.email).toBe(userEmail);
    const madeOnB = b.client();
    await madeOnB.signIn(ADMIN.email, ADMIN.password);
    const onA = a.client(madeOnB.cookie);
    expect((await onA.get('/apis/auth-check')).body.data.email).toBe(ADMIN.email);
    expect((await onA.request('POST', '/apis/user-logout')).status).toBe(200);
    expect((await b.client(madeOnB.cookie).get('/apis/auth-check')).status).toBe(401);
  });

  it('completes one upload whose chunks went to both instances in turn, byte for byte', async () => {
    for (const range of [true, false]) {
      const file = fakeMp4(5 * MiB + 99, range ? 61 : 62);
      const chunks = chunksOf(file);
      const o = { uploadId: `two-instances-${range}`, total: chunks.length, fileSize: file.length, range };
      const answers = [];
      for (const c of chunks) answers.push(await sendChunk(on(c.index), c, o));
      expect(answers.slice(0, -1).map((r) => r.status)).toEqual(chunks.slice(1).map(() => 206));
      const last = answers[answers.length - 1];
      expect(last?.status, last?.text).toBe(200);
      const fileKey = last?.body.data.fileKey;
      // Both see it finished, and serve the same bytes.
      for (const i of [0, 1]) {
        const progress = await on(i).get(`${CONTENT}/upload/${o.uploadId}`);
        expect(progress.body.data).toMatchObject({ complete: true, file: { fileKey } });
        const served = await fetch(new URL(`${CONTENT}/temp/${fileKey}`, (i ? b : a).url), {
          headers: { cookie: `SESSION=${userCookie}` },
        });
        expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(file));
      }
      const row = await place
        .db()
        .kysely.selectFrom('temp_files')
        .select(['sha256', 'size'])
        .where('file_key', '=', fileKey)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ sha256: sha256(file), size: file.length });
    }
  });

  it('does each export exactly once with both instances’ workers running', async () => {
    const items: Item[] = [];
    for (let i = 0; i < 4; i += 1)
      items.push(await addToGallery(on(i), siteId, fakeMp4(600 * 1024 + i, 90 + i)));
    // Requests alternate: each instance's worker is woken by its own request, the other polls.
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await requestExport(on(i), siteId));
    const expected = items.map((x) => x.sha256).sort();
    for (const id of ids) {
      await until(
        `export ${id} completed`,
        async () => (await exportStatus(on(0), id)).status === 'COMPLETED',
      );
      expect(await zipContents(on(id), id)).toEqual(expected);
    }
    const rows = await place
      .db()
      .kysely.selectFrom('exports')
      .select(['id', 'attempts', 'storage_key'])
      .orderBy('id')
      .execute();
    // Claimed once each: a second worker would have needed a claim of its own (attempts 2).
    expect(rows.map((r) => [r.id, r.attempts])).toEqual(ids.map((id) => [id, 1]));
    const files = (await fs.readdir(path.join(place.dataDir, 'exports'))).sort();
    expect(files).toEqual(rows.map((r) => path.basename(r.storage_key as string)).sort());
  });
});
