import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { LEASE_MS } from './export-worker.ts';
import { exportsOf } from './exports.module.ts';
import { RETENTION_MS } from './exports.service.ts';
import { exportKit, readZip, type Seeded, type Site } from './testing/export-kit.ts';
import { gate, heldStorage, pgSchemaOf, until, workerFor } from './testing/worker-kit.ts';

const API = '/apis/api/v1/site-content';
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing/crash-child.ts');

let server: TestServer;
let alice: HttpClient;
let aliceId: number;
let kit: ReturnType<typeof exportKit>;
let site: Site;
const seeded: Seeded[] = [];

/** Queues an export of `site` without anyone working on it (the app's own worker is stopped). */
async function queue(): Promise<number> {
  const res = await alice.get(`${API}/export`, { query: { siteId: site.id } });
  expect(res.status, res.text).toBe(200);
  return kit.lastExportId();
}

/** The ZIP of a finished export holds exactly the seeded files, byte for byte. */
async function expectAllSeeded(id: number) {
  const entries = await readZip(await kit.zipPath(id));
  expect([...entries.values()].map((e) => e.sha256).sort()).toEqual(seeded.map((s) => s.sha256).sort());
}

beforeAll(async () => {
  server = await startServer();
  // This file plays the workers itself.
  await exportsOf(server.app.ctx).worker.stop();
  const admin = await server.admin();
  const created = await admin.createUser(['EXPORT_GALLERY']);
  alice = created.client;
  aliceId = created.id;
  kit = exportKit(server.app.ctx);
  site = await kit.site('KRA', 'Krátka ulica');
  for (let i = 0; i < 12; i++) {
    seeded.push(
      await kit.media(site, { id: aliceId, name: 'Alica' }, `2026-11-0${1 + (i % 5)}T10:00:0${i % 10}Z`),
    );
  }
});
afterAll(() => server?.close());

describe('export worker', () => {
  it('leaves a claimed export alone while the lease holds, and redoes it once the lease ran out', async () => {
    const id = await queue();
    const { repo } = exportsOf(server.app.ctx);
    // A worker claims it and dies without a word.
    const dead = await repo.claim('dead-worker', server.clock.now(), LEASE_MS, 'x');
    expect(dead?.id).toBe(id);
    const rescuer = workerFor(server.app.ctx);
    await rescuer.kick();
    expect(rescuer.history).toEqual([]);
    expect((await kit.exportRow(id)).status).toBe('PROCESSING');

    server.clock.advance(LEASE_MS + 1000);
    await rescuer.kick();
    expect(rescuer.history).toEqual([{ id, outcome: 'COMPLETED' }]);
    const row = await kit.exportRow(id);
    expect(row.attempts).toBe(2);
    expect(row.locked_by).toBeNull();
    await expectAllSeeded(id);
  });

  it('drops the work of a worker whose export was taken over, keeping the new one', async () => {
    const id = await queue();
    const held = gate();
    let reading = false;
    const slow = workerFor(server.app.ctx, {
      progressMs: 600_000, // no renewal: the take-over must not race with one
      storage: heldStorage(server.app.ctx.storage, held.opened, () => {
        reading = true;
      }),
    });
    const slowRun = slow.kick();
    await until(async () => reading);
    server.clock.advance(LEASE_MS + 1000);
    const fast = workerFor(server.app.ctx);
    await fast.kick();
    expect(fast.history).toEqual([{ id, outcome: 'COMPLETED' }]);
    const finished = await kit.exportRow(id);
    held.open();
    await slowRun;
    expect(slow.history).toEqual([{ id, outcome: 'LOST' }]);
    const row = await kit.exportRow(id);
    expect(row.storage_key).toBe(finished.storage_key);
    expect(row.message).toBe(finished.message);
    const files = await fs.readdir(path.join(server.dataDir, 'exports'));
    expect(files.filter((f) => f.startsWith(`${id}-`))).toEqual([path.basename(row.storage_key ?? '')]);
    await expectAllSeeded(id);
  });

  it('hands an export in progress back to the queue when the app stops', async () => {
    const id = await queue();
    const held = gate();
    let reading = false;
    const stopping = workerFor(server.app.ctx, {
      storage: heldStorage(server.app.ctx.storage, held.opened, () => {
        reading = true;
      }),
    });
    const run = stopping.kick();
    await until(async () => reading);
    await stopping.stop();
    await run;
    held.open();
    expect(stopping.history).toEqual([{ id, outcome: 'RELEASED' }]);
    const row = await kit.exportRow(id);
    expect(row.status).toBe('PENDING');
    expect(row.attempts).toBe(0);
    const next = workerFor(server.app.ctx);
    await next.kick();
    expect(next.history).toEqual([{ id, outcome: 'COMPLETED' }]);
    await expectAllSeeded(id);
  });

  it('finishes an export whose worker process was killed with SIGKILL mid-way', async () => {
    const id = await queue();
    const ctx = server.app.ctx;
    const child = spawn(
      process.execPath,
      [
        ...['--import', 'tsx', CHILD, server.dataDir, ctx.config.tzGallery],
        ...[
          ctx.config.databaseUrl ?? '',
          (await pgSchemaOf(ctx)) ?? '',
          String(server.clock.now() - Date.now()),
        ],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (c) => {
      stderr += String(c);
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(signal ?? code)),
    );
    // Killed once a few files are in, well before the last.
    await until(
      async () => /^Spracované súbory: [3-9] z 12/.test((await kit.exportRow(id)).message),
      30_000,
    ).catch((err) => {
      throw new Error(`${err.message}; child said: ${stderr}`);
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect((await kit.exportRow(id)).status).toBe('PROCESSING');

    const successor = workerFor(ctx);
    await successor.kick();
    expect(successor.history).toEqual([]); // the dead worker's lease still holds
    server.clock.advance(LEASE_MS + 1000);
    await successor.kick();
    expect(successor.history).toEqual([{ id, outcome: 'COMPLETED' }]);
    expect((await kit.exportRow(id)).attempts).toBe(2);
    await expectAllSeeded(id);
  });

  it('never lets two instances on one database do the same export', async () => {
    const ctx = server.app.ctx;
    const second = await buildApp(ctx.config, {
      clock: server.clock,
      pgSchema: await pgSchemaOf(ctx),
      logger: false,
    });
    try {
      await exportsOf(second.ctx).worker.stop();
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) ids.push(await queue());
      // Sixteen claims at once from two connection pools: each export goes to exactly one.
      const repos = [exportsOf(ctx).repo, exportsOf(second.ctx).repo];
      const claims = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          repos[i % 2]?.claim(`racer-${i}`, server.clock.now(), LEASE_MS, 'x'),
        ),
      );
      const won = claims.flatMap((c) => (c ? [c.id] : []));
      expect(won.sort((a, b) => a - b)).toEqual(ids);

      // The racers die; two workers, one per instance, redo the four side by side.
      server.clock.advance(LEASE_MS + 1000);
      const one = workerFor(ctx, { batchSize: 3 });
      const two = workerFor(second.ctx, { batchSize: 3 });
      await Promise.all([one.kick(), two.kick(), one.kick(), two.kick()]);
      const done = [...one.history, ...two.history];
      expect(done.map((h) => h.id).sort((a, b) => a - b)).toEqual(ids);
      expect(done.every((h) => h.outcome === 'COMPLETED')).toBe(true);
      for (const id of ids) {
        expect((await kit.exportRow(id)).attempts).toBe(2);
        await expectAllSeeded(id);
      }
    } finally {
      await second.close();
    }
  });
});

describe('export housekeeping', () => {
  it('deletes exports and their files 7 days after creation, and files no export owns', async () => {
    const ctx = server.app.ctx;
    const worker = workerFor(ctx);
    const old = await queue();
    await worker.kick();
    const oldFile = await kit.zipPath(old);
    server.clock.advance(RETENTION_MS - 3600_000);
    const young = await queue();
    await worker.kick();
    const stray = path.join(server.dataDir, 'exports', '.99-dead.zip.abc.part');
    await fs.writeFile(stray, 'half a zip');

    await exportsOf(ctx).service.cleanup();
    expect(await kit.exportRow(old)).toBeDefined(); // 7 days not yet over
    server.clock.advance(3600_000 + 60_000);
    await exportsOf(ctx).service.cleanup();

    await expect(kit.exportRow(old)).rejects.toThrow();
    await expect(fs.stat(oldFile)).rejects.toThrow();
    await expect(fs.stat(stray)).rejects.toThrow();
    expect((await kit.exportRow(young)).status).toBe('COMPLETED');
    await fs.stat(await kit.zipPath(young));
    const list = await alice.get(`${API}/exports`, { query: { page: 0, size: 100 } });
    expect(list.body.data.content.map((r: { id: number }) => r.id)).not.toContain(old);
  });

  it('refuses a sixth unfinished export of one user with 429', async () => {
    const pending: number[] = [];
    const { repo } = exportsOf(server.app.ctx);
    while ((await repo.countUnfinished(aliceId)) < 5) pending.push(await queue());
    const before = await kit.lastExportId();
    const res = await alice.get(`${API}/export`);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(
      'Naraz môžete mať rozpracovaných najviac 5 exportov. Počkajte, kým sa dokončia.',
    );
    expect(await kit.lastExportId()).toBe(before);
    await workerFor(server.app.ctx).kick();
    expect((await alice.get(`${API}/export`)).status).toBe(200);
    await workerFor(server.app.ctx).kick();
  });
});
