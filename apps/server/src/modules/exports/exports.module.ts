import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { galleryOf } from '../gallery/gallery.module.ts';
import { ExportMediaRepository } from './export-media.repository.ts';
import { ExportSelector } from './export-selection.ts';
import { ExportWorker } from './export-worker.ts';
import { ExportsRepository } from './exports.repository.ts';
import { exportsRoutes } from './exports.routes.ts';
import { ExportsService } from './exports.service.ts';

export type ExportsModule = {
  service: ExportsService;
  repo: ExportsRepository;
  media: ExportMediaRepository;
  selector: ExportSelector;
  worker: ExportWorker;
};

/** How often an idle instance looks for queued exports (a request also starts the worker at once). */
const POLL_MS = 1500;
const CLEANUP_MS = 3600_000;

const modules = new WeakMap<AppContext, ExportsModule>();

/** The module of one app instance (tests and the benchmark call its layers directly). */
export function exportsOf(ctx: AppContext): ExportsModule {
  const m = modules.get(ctx);
  if (!m) throw new Error('The exports module is not registered');
  return m;
}

/** ZIP exports: the routes, the worker polling the queue, and the 7-day clean-up. Needs the gallery. */
export function registerExports(app: FastifyInstance, ctx: AppContext): ExportsModule {
  const repo = new ExportsRepository(ctx.db);
  const media = new ExportMediaRepository(ctx.db.kysely);
  const selector = new ExportSelector(galleryOf(ctx).repo);
  const worker = new ExportWorker({
    repo,
    media,
    selector,
    storage: ctx.storage,
    clock: ctx.clock,
    log: ctx.log,
    timeZone: ctx.config.tzGallery,
  });
  const service = new ExportsService(ctx, repo, media, worker);
  exportsRoutes(app, service, ctx.storage);
  ctx.scheduler.every('exports-worker', POLL_MS, () => worker.kick(), { runAtStart: true });
  ctx.scheduler.every('exports-cleanup', CLEANUP_MS, () => service.cleanup(), { runAtStart: true });
  // Before the database closes: an export in progress goes back to the queue for the next start.
  app.addHook('onClose', () => worker.stop());
  const m = { service, repo, media, selector, worker };
  modules.set(ctx, m);
  return m;
}
