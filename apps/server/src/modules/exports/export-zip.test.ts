import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../platform/storage/storage.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { exportsOf } from './exports.module.ts';
import { exportKit, readZip, unzipTest } from './testing/export-kit.ts';
import { workerFor } from './testing/worker-kit.ts';

const API = '/apis/api/v1/site-content';
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

let server: TestServer;
let alice: HttpClient;
let aliceId: number;
let kit: ReturnType<typeof exportKit>;

beforeAll(async () => {
  server = await startServer();
  await exportsOf(server.app.ctx).worker.stop();
  const admin = await server.admin();
  const created = await admin.createUser(['EXPORT_GALLERY']);
  alice = created.client;
  aliceId = created.id;
  kit = exportKit(server.app.ctx);
});
afterAll(() => server?.close());

async function exportSite(siteId: number, storage?: Storage) {
  expect((await alice.get(`${API}/export`, { query: { siteId } })).status).toBe(200);
  const id = await kit.lastExportId();
  await workerFor(server.app.ctx, storage ? { storage } : {}).kick();
  return kit.exportRow(id);
}

const ZERO = Buffer.alloc(MiB);

/**
 * Storage whose `huge` key reads as `hugeSize` zero bytes without existing, and whose writes skip
 * runs of zeros (a sparse file): a ZIP over 4 GiB costs seconds and almost no disk.
 */
function sizeFakingStorage(inner: Storage, huge: string, hugeSize: number): Storage {
  return {
    ...inner,
    list: (prefix) => inner.list(prefix),
    stat: (key) => inner.stat(key),
    delete: (key) => inner.delete(key),
    move: (from, to) => inner.move(from, to),
    get: async (key, range) => {
      if (key !== huge) return inner.get(key, range);
      return Readable.from(
        (function* () {
          for (let left = hugeSize; left > 0; left -= ZERO.length)
            yield left >= ZERO.length ? ZERO : ZERO.subarray(0, left);
        })(),
      );
    },
    put: async (key, body) => {
      const file = inner.localPath?.(key) ?? '';
      await fs.mkdir(path.dirname(file), { recursive: true });
      const handle = await fs.open(file, 'w');
      let position = 0;
      const sink = new Writable({
        write(chunk: Buffer, _enc, cb) {
          const at = position;
          position += chunk.length;
          if (chunk.length === ZERO.length && chunk.equals(ZERO)) return cb();
          handle.write(chunk, 0, chunk.length, at).then(() => cb(), cb);
        },
      });
      try {
        await new Promise<void>((resolve, reject) => {
          body.on('error', reject);
          sink.on('error', reject);
          sink.on('finish', resolve);
          body.pipe(sink);
        });
        await handle.truncate(position);
      } finally {
        await handle.close();
      }
      return { size: position, modifiedAt: Date.now() };
    },
  };
}

describe('large exports', () => {
  it('exports 1,000 files, each byte for byte', async () => {
    const site = await kit.site('TIS', 'Tisíc');
    const seeded = await kit.many(
      site,
      Array.from({ length: 1000 }, (_, i) => ({
        author: { id: aliceId, name: `Autor ${i % 7}` },
        takenAt: `2026-02-${String(1 + (i % 28)).padStart(2, '0')}T08:00:00Z`,
      })),
    );
    const row = await exportSite(site.id);
    expect(row.status).toBe('COMPLETED');
    expect(row.file_count).toBe(1000);
    const file = await kit.zipPath(row.id);
    const entries = await readZip(file);
    expect(entries.size).toBe(1000);
    expect([...entries.values()].map((e) => e.sha256).sort()).toEqual(seeded.map((s) => s.sha256).sort());
    expect(new Set([...entries.keys()].map((n) => n.split('/')[1])).size).toBe(28);
    const unzip = await unzipTest(file);
    if (unzip !== undefined) expect(unzip).toContain('No errors detected in compressed data');
  });

  it('switches to ZIP64 for a file over 4 GiB and for entries stored beyond 4 GiB', async () => {
    const site = await kit.site('VEL', 'Veľký');
    const hugeSize = 4 * GiB + MiB;
    const huge = await kit.media(site, { id: aliceId, name: 'A' }, '2026-03-01T08:00:00Z', {
      mimeType: 'video/mp4',
      storageKey: 'media/test/huge.mp4',
      size: hugeSize,
    });
    const after = [
      await kit.media(site, { id: aliceId, name: 'B' }, '2026-03-01T09:00:00Z'),
      await kit.media(site, { id: aliceId, name: 'C' }, '2026-03-02T09:00:00Z'),
    ];
    const storage = sizeFakingStorage(server.app.ctx.storage, huge.storageKey, hugeSize);
    const row = await exportSite(site.id, storage);
    expect(row.status, row.message).toBe('COMPLETED');
    expect(Number(row.zip_size)).toBeGreaterThan(hugeSize);
    const file = await kit.zipPath(row.id);
    expect((await fs.stat(file)).size).toBe(Number(row.zip_size));

    const entries = await readZip(file, { skipContent: (name) => name.endsWith(`_${huge.id}.mp4`) });
    const big = [...entries.entries()].find(([name]) => name.endsWith(`_${huge.id}.mp4`))?.[1];
    expect(big).toMatchObject({ size: hugeSize, zip64: true });
    // The small files lie past 4 GiB: only ZIP64 offsets reach them, and their bytes must be right.
    for (const item of after) {
      const entry = [...entries.entries()].find(([name]) => name.endsWith(`_${item.id}.jpg`))?.[1];
      expect(entry).toMatchObject({ sha256: item.sha256, zip64: true });
    }
    const listing = await unzipTest(file, '-l');
    if (listing !== undefined) expect(listing).toMatch(new RegExp(`${hugeSize}\\s+.*_${huge.id}\\.mp4`));
  }, 120_000);
});
