/*
 * A worker in a process of its own, for the crash test: it exports with every file read slowed
 * down, so the parent can SIGKILL it in the middle. Arguments: DATA_DIR, TZ, DATABASE_URL or '',
 * PostgreSQL schema or '', and how far the parent's test clock is ahead of real time (ms).
 */
import type { FastifyBaseLogger } from 'fastify';
import { createDb } from '../../../db/database.ts';
import { LocalStorage } from '../../../platform/storage/local-storage.ts';
import { GalleryRepository } from '../../gallery/gallery.repository.ts';
import { ExportMediaRepository } from '../export-media.repository.ts';
import { ExportSelector } from '../export-selection.ts';
import { ExportWorker } from '../export-worker.ts';
import { ExportsRepository } from '../exports.repository.ts';
import { heldStorage } from './worker-kit.ts';

const [dataDir = '', timeZone = 'Europe/Bratislava', databaseUrl, pgSchema, offset] = process.argv.slice(2);
const db = createDb({ dataDir, databaseUrl: databaseUrl || undefined, pgSchema: pgSchema || undefined });
const storage = new LocalStorage(dataDir);
const silent = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child: () => silent,
} as unknown as FastifyBaseLogger;

const worker = new ExportWorker({
  repo: new ExportsRepository(db),
  media: new ExportMediaRepository(db.kysely),
  selector: new ExportSelector(new GalleryRepository(db.kysely)),
  // Each read waits a little: still working when the parent pulls the plug.
  storage: heldStorage(storage, Promise.resolve(), () => {}, 150),
  clock: { now: () => Date.now() + Number(offset ?? 0) },
  log: silent,
  timeZone,
  progressMs: 50,
  batchSize: 5,
});
await worker.kick();
await db.destroy();
