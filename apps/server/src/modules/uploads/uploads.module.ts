import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { MediaProcessor } from '../../platform/media/media-processor.ts';
import { ChunkStore } from './chunk-store.ts';
import { RunningHashes } from './running-hashes.ts';
import { TempFilesRepository } from './temp-files.repository.ts';
import { TempFilesService } from './temp-files.service.ts';
import { UploadAssembler } from './upload-assembler.ts';
import { UploadCleanup } from './upload-cleanup.ts';
import { UploadsRepository } from './uploads.repository.ts';
import { uploadsRoutes } from './uploads.routes.ts';
import { UploadsService } from './uploads.service.ts';

export type UploadsModule = {
  uploads: UploadsService;
  tempFiles: TempFilesService;
  cleanup: UploadCleanup;
  media: MediaProcessor;
};

const CLEANUP_INTERVAL_MS = 15 * 60_000;

/** Builds the upload layers over one app context (tests build a second one to call them directly). */
export function createUploadsModule(ctx: AppContext): UploadsModule {
  const repo = new UploadsRepository(ctx.db.kysely);
  const temps = new TempFilesRepository(ctx.db.kysely, ctx.db.dialect);
  const media = new MediaProcessor({
    ffmpegPath: ctx.config.ffmpegPath,
    heifConvertPath: ctx.config.heifConvertPath,
    tzGallery: ctx.config.tzGallery,
    log: ctx.log,
  });
  const tempFiles = new TempFilesService(ctx, temps);
  const hashes = new RunningHashes();
  const uploads = new UploadsService(
    ctx,
    repo,
    temps,
    new UploadAssembler(ctx, repo, media, hashes),
    new ChunkStore(ctx, repo, hashes),
  );
  const cleanup = new UploadCleanup(ctx, repo, temps, tempFiles);
  return { uploads, tempFiles, cleanup, media };
}

/** The capture side: chunked uploads, temp files, assignment, and the 24-hour clean-up. */
export async function registerUploads(app: FastifyInstance, ctx: AppContext): Promise<UploadsModule> {
  const m = createUploadsModule(ctx);
  await uploadsRoutes(app, m.uploads, m.tempFiles);
  ctx.scheduler.every('upload-cleanup', CLEANUP_INTERVAL_MS, () => m.cleanup.run());
  return m;
}
