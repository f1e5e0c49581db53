import {
  EXPORT_RETENTION_DAYS,
  EXPORT_STATUS_LABELS,
  type ExportFilters,
  type ExportRow,
  exportDownloadPath,
  type Page,
} from '@app/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../auth/sessions.service.ts';
import { siteDateOf } from '../gallery/site-date.ts';
import type { ExportMediaRepository } from './export-media.repository.ts';
import { downloadFileName, exportName, PENDING_MESSAGE, QUEUED_MESSAGE } from './export-texts.ts';
import type { ExportWorker } from './export-worker.ts';
import type { ExportRecord, ExportsRepository } from './exports.repository.ts';

/** Unfinished exports one user may have queued at once: each copies media, so they are bounded. */
export const MAX_UNFINISHED_PER_USER = 5;
export const RETENTION_MS = EXPORT_RETENTION_DAYS * 24 * 3600_000;
// A crashed put may leave a partial file no row points to; anything this old and unowned goes.
const ORPHAN_AGE_MS = 24 * 3600_000;

export type Download = { key: string; size: number; fileName: string; etag: string };

/** Export rules: who may queue, see and download which export, and how long exports live. */
export class ExportsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: ExportsRepository,
    private readonly media: ExportMediaRepository,
    private readonly worker: ExportWorker,
  ) {}

  /** Queues an export of what the filters select now; the worker starts on it at once. */
  async request(user: SessionUser, filters: ExportFilters): Promise<string> {
    if ((await this.repo.countUnfinished(user.id)) >= MAX_UNFINISHED_PER_USER) {
      throw new AppError(
        429,
        'TOO_MANY_EXPORTS',
        `Naraz môžete mať rozpracovaných najviac ${MAX_UNFINISHED_PER_USER} exportov. Počkajte, kým sa dokončia.`,
      );
    }
    const site = filters.siteId === undefined ? undefined : await this.media.site(filters.siteId);
    if (filters.siteId !== undefined && !site) {
      const message = 'Site sa nenašiel';
      throw AppError.badRequest('VALIDATION', `Neplatná hodnota: parameter „siteId“ – ${message}`, [
        { field: 'siteId', message },
      ]);
    }
    const now = this.ctx.clock.now();
    await this.repo.insert(
      {
        userId: user.id,
        name: exportName(filters, site),
        fileName: downloadFileName(site, siteDateOf(now, this.ctx.config.tzGallery)),
        filters,
        maxMediaId: await this.media.maxMediaId(),
        message: PENDING_MESSAGE,
      },
      now,
    );
    this.worker.kick().catch((err) => this.ctx.log.error({ err }, 'Export worker failed'));
    return QUEUED_MESSAGE;
  }

  /** The caller's exports; an admin sees everyone's. */
  async list(user: SessionUser, page: number, size: number): Promise<Page<ExportRow>> {
    const { content, total } = await this.repo.page(user.admin ? undefined : user.id, page, size);
    return {
      content: content.map(toRow),
      page,
      totalPages: Math.ceil(total / size),
      totalElements: total,
    };
  }

  /** A finished export of the caller's (any, for an admin); others' are as good as absent. */
  async download(user: SessionUser, id: number): Promise<Download> {
    const e = await this.repo.findById(id);
    if (!e || (e.userId !== user.id && !user.admin)) throw AppError.notFound('Export sa nenašiel');
    if (e.status !== 'COMPLETED' || !e.storageKey) {
      throw AppError.conflict('EXPORT_NOT_READY', 'Export ešte nie je pripravený na stiahnutie');
    }
    const stat = await this.ctx.storage.stat(e.storageKey);
    if (!stat) throw AppError.notFound('Súbor exportu sa nenašiel');
    return { key: e.storageKey, size: stat.size, fileName: e.fileName, etag: `"${e.storageKey}"` };
  }

  /** Deletes exports older than the retention, file first, then stray files no export owns. */
  async cleanup(): Promise<number> {
    const now = this.ctx.clock.now();
    let removed = 0;
    for (;;) {
      const batch = await this.repo.createdBefore(now - RETENTION_MS, 100);
      for (const e of batch) {
        if (e.storageKey) await this.ctx.storage.delete(e.storageKey);
        await this.repo.delete(e.id);
        removed += 1;
      }
      if (batch.length < 100) break;
    }
    for await (const obj of this.ctx.storage.list('exports')) {
      if (obj.modifiedAt < now - ORPHAN_AGE_MS && !(await this.repo.ownsKey(obj.key))) {
        await this.ctx.storage.delete(obj.key);
      }
    }
    return removed;
  }
}

function toRow(e: ExportRecord): ExportRow {
  return {
    id: e.id,
    name: e.name,
    createdAt: new Date(e.createdAt).toISOString(),
    status: { id: e.status, name: EXPORT_STATUS_LABELS[e.status] },
    message: e.message,
    ...(e.status === 'COMPLETED' ? { url: exportDownloadPath(e.id) } : {}),
  };
}
