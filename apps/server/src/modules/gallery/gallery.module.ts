import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { GalleryRepository } from './gallery.repository.ts';
import { galleryRoutes } from './gallery.routes.ts';
import { GalleryService } from './gallery.service.ts';
import { GalleryItemsRepository } from './gallery-items.repository.ts';
import { GallerySummaryRepository } from './gallery-summary.repository.ts';
import { MediaFilesService } from './media-files.service.ts';
import { SiteFoldersRepository } from './site-folders.repository.ts';

export type GalleryModule = {
  service: GalleryService;
  repo: GalleryRepository;
  items: GalleryItemsRepository;
  summary: GallerySummaryRepository;
  files: MediaFilesService;
};

const modules = new WeakMap<AppContext, GalleryModule>();

/** The module of one app instance (tests and the benchmark call its layers directly). */
export function galleryOf(ctx: AppContext): GalleryModule {
  const m = modules.get(ctx);
  if (!m) throw new Error('The gallery module is not registered');
  return m;
}

/**
 * The gallery's three levels and media serving; every assignment is counted into the gallery
 * summaries inside its own transaction.
 */
export function registerGallery(app: FastifyInstance, ctx: AppContext): GalleryModule {
  const repo = new GalleryRepository(ctx.db.kysely);
  const summary = new GallerySummaryRepository(ctx.db.kysely);
  const items = new GalleryItemsRepository(ctx.db.kysely);
  // PostgreSQL reads a short date range's site-days rather than probing every site (see docs/performance.md).
  const sites = new SiteFoldersRepository(ctx.db.kysely, {
    rangeScanRows: ctx.db.dialect === 'postgres' ? 10_000 : 0,
  });
  const service = new GalleryService(repo, sites, items);
  const files = new MediaFilesService(items, ctx.storage);
  ctx.events.assignListeners.push((trx, e) => summary.countIn(trx, e.mediaId));
  galleryRoutes(app, service, files);
  const m = { service, repo, items, summary, files };
  modules.set(ctx, m);
  return m;
}
