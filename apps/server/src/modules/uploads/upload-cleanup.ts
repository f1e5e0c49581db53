import type { AppContext } from '../../context.ts';
import type { TempFilesRepository } from './temp-files.repository.ts';
import type { TempFilesService } from './temp-files.service.ts';
import type { UploadsRepository } from './uploads.repository.ts';

/** Unfinished uploads and unassigned temp files live this long. */
export const UPLOAD_RETENTION_MS = 24 * 3600_000;
const BATCH = 200;

export type CleanUpReport = { uploads: number; tempFiles: number; orphans: number };

/**
 * Deletes uploads idle for 24 h (with their chunks), temp files nobody assigned within 24 h, and
 * stored files under tmp/ that no row points to (left by a crash between writing and recording).
 * Every step is conditional, so instances running it at once do no harm.
 */
export class UploadCleanup {
  constructor(
    private readonly ctx: AppContext,
    private readonly uploads: UploadsRepository,
    private readonly temps: TempFilesRepository,
    private readonly tempFiles: TempFilesService,
  ) {}

  async run(now = this.ctx.clock.now()): Promise<CleanUpReport> {
    const cutoff = now - UPLOAD_RETENTION_MS;
    const report: CleanUpReport = { uploads: 0, tempFiles: 0, orphans: 0 };
    for (;;) {
      const ids = await this.uploads.idleSince(cutoff, BATCH);
      for (const id of ids) {
        const keys = await this.uploads.deleteIdle(id, cutoff);
        if (!keys) continue;
        await Promise.all([...new Set(keys)].map((k) => this.ctx.storage.delete(k)));
        report.uploads += 1;
      }
      if (ids.length < BATCH) break;
    }
    for (;;) {
      const rows = await this.temps.createdBefore(cutoff, BATCH);
      for (const row of rows) {
        if (!(await this.temps.delete(row.file_key, cutoff))) continue;
        await this.tempFiles.deleteFiles(row);
        report.tempFiles += 1;
      }
      if (rows.length < BATCH) break;
    }
    report.orphans = await this.orphans(cutoff);
    return report;
  }

  private async orphans(cutoff: number): Promise<number> {
    let removed = 0;
    for (const prefix of ['tmp/chunks', 'tmp/uploads']) {
      for await (const obj of this.ctx.storage.list(prefix)) {
        if (obj.modifiedAt >= cutoff || (await this.uploads.chunkKeyExists(obj.key))) continue;
        await this.ctx.storage.delete(obj.key);
        removed += 1;
      }
    }
    for await (const obj of this.ctx.storage.list('tmp/files')) {
      const fileKey = /^tmp\/files\/\.?([0-9a-f-]{36})/.exec(obj.key)?.[1];
      if (obj.modifiedAt >= cutoff || (fileKey && (await this.temps.find(fileKey)))) continue;
      await this.ctx.storage.delete(obj.key);
      removed += 1;
    }
    return removed;
  }
}
