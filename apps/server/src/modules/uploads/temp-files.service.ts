import type { AssignedMedia } from '@app/contract';
import type { AppContext } from '../../context.ts';
import type { MediaAssigned } from '../../platform/events.ts';
import { calendarDateIn } from '../../platform/media/zoned-time.ts';
import { NotFoundInStorage } from '../../platform/storage/storage.ts';
import type { SessionUser } from '../auth/sessions.service.ts';
import type { StoredFile } from '../gallery/media-files.service.ts';
import { mediaSearchText } from '../sites/sites.repository.ts';
import type { MediaItemRow, TempFileRow, TempFilesRepository } from './temp-files.repository.ts';
import { UPLOAD_MESSAGES, uploadErrors } from './upload-errors.ts';

const EXTENSION = /\.[A-Za-z0-9]+$/;

/** Where an assigned file's copies live: fixed by the temp file, so a retried assignment finds them. */
export function mediaKeys(temp: TempFileRow) {
  const d = new Date(temp.created_at);
  const dir = `media/${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  const ext = EXTENSION.exec(temp.storage_key)?.[0] ?? '';
  return {
    original: `${dir}/${temp.file_key}${ext}`,
    thumbnail: temp.thumbnail_key ? `${dir}/${temp.file_key}.thumb.webp` : null,
    display: temp.display_key ? `${dir}/${temp.file_key}.display.jpg` : null,
  };
}

const present = (m: MediaItemRow, duplicate: boolean): AssignedMedia => ({
  id: m.id,
  siteId: m.site_id,
  type: m.type,
  mimeType: m.mime_type,
  date: new Date(Number(m.taken_at)).toISOString(),
  siteDate: m.site_date,
  duplicate,
});

/** Uploaded files between upload and assignment: preview, discard, assign to a site. */
export class TempFilesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: TempFilesRepository,
  ) {}

  /** The uploader's own file; anyone else learns nothing (404). */
  private async own(user: SessionUser, fileKey: string): Promise<TempFileRow> {
    const temp = await this.repo.find(fileKey);
    if (!temp || temp.user_id !== user.id) throw uploadErrors.fileNotFound();
    return temp;
  }

  async previewFile(user: SessionUser, fileKey: string, variant: 'file' | 'thumbnail'): Promise<StoredFile> {
    const temp = await this.own(user, fileKey);
    const [key, contentType] =
      variant === 'thumbnail'
        ? [temp.thumbnail_key, 'image/webp']
        : temp.display_key
          ? [temp.display_key, 'image/jpeg']
          : [temp.storage_key, temp.mime_type];
    if (!key) throw uploadErrors.fileNotFound();
    const stat = await this.ctx.storage.stat(key);
    if (!stat) throw uploadErrors.fileNotFound();
    return { key, size: stat.size, contentType, etag: `"${temp.sha256.slice(0, 40)}-${variant}"` };
  }

  open(key: string, range?: { start: number; end: number }) {
    return this.ctx.storage.get(key, range);
  }

  async discard(user: SessionUser, fileKey: string): Promise<string> {
    const temp = await this.repo.find(fileKey);
    if (!temp) throw uploadErrors.fileNotFound();
    if (temp.user_id !== user.id) throw uploadErrors.fileNotOwned();
    if (await this.repo.delete(fileKey)) await this.deleteFiles(temp);
    return UPLOAD_MESSAGES.deleted;
  }

  async deleteFiles(temp: TempFileRow): Promise<void> {
    const keys = [temp.storage_key, temp.thumbnail_key, temp.display_key].filter((k): k is string => !!k);
    await Promise.all(keys.map((k) => this.ctx.storage.delete(k)));
  }

  /**
   * Makes the media item: files move to media/ first (idempotently, so a retry after a crash
   * finds them moved), then one transaction locks the site, checks for the same bytes there,
   * inserts the item, removes the temp row and runs the assign listeners (notifications, gallery
   * summaries). `media.assigned` is emitted only after the commit.
   */
  async assign(
    user: SessionUser,
    siteId: number,
    fileKey: string,
  ): Promise<{ item: AssignedMedia; message: string }> {
    const temp = await this.repo.find(fileKey);
    if (!temp) throw uploadErrors.fileNotFound();
    if (temp.user_id !== user.id) throw uploadErrors.fileNotOwned();
    const pre = await this.repo.lockSite(siteId);
    if (!pre) throw uploadErrors.siteNotFound();
    if (!pre.active) throw uploadErrors.siteInactive();
    const existing = await this.repo.findMediaBySha(siteId, temp.sha256);
    if (existing) return this.duplicate(temp, existing);

    const keys = mediaKeys(temp);
    const moves: [string, string][] = [[temp.storage_key, keys.original]];
    if (temp.thumbnail_key && keys.thumbnail) moves.push([temp.thumbnail_key, keys.thumbnail]);
    if (temp.display_key && keys.display) moves.push([temp.display_key, keys.display]);
    for (const [from, to] of moves) await this.moveOnce(from, to);

    const authorName = await this.repo.authorName(user.id);
    const now = this.ctx.clock.now();
    const takenAt = Number(temp.taken_at ?? temp.created_at);
    let event: MediaAssigned | undefined;
    const outcome = await this.repo
      .transaction(async (tx, trx) => {
        const site = await tx.lockSite(siteId);
        if (!site) throw uploadErrors.siteNotFound();
        if (!site.active) throw uploadErrors.siteInactive();
        const dup = await tx.findMediaBySha(siteId, temp.sha256);
        if (dup) return { dup };
        if (!(await tx.delete(fileKey))) throw uploadErrors.fileNotFound();
        const item = await tx.insertMedia({
          site_id: siteId,
          author_id: user.id,
          author_name: authorName,
          type: temp.type,
          mime_type: temp.mime_type,
          size: temp.size,
          sha256: temp.sha256,
          storage_key: keys.original,
          thumbnail_key: keys.thumbnail,
          display_key: keys.display,
          width: temp.width,
          height: temp.height,
          duration_seconds: temp.duration_seconds,
          taken_at: takenAt,
          site_date: calendarDateIn(takenAt, this.ctx.config.tzGallery),
          lat: temp.lat,
          lng: temp.lng,
          search_text: mediaSearchText(site, authorName),
          created_at: now,
        });
        event = {
          mediaId: item.id,
          type: item.type,
          siteId,
          siteName: site.name,
          siteCode: site.code,
          siteDate: item.site_date,
          authorId: user.id,
          authorName,
        };
        for (const listener of this.ctx.events.assignListeners) await listener(trx, event);
        return { item };
      })
      .catch(async (err) => {
        // Rolled back. While the temp row exists nobody has committed an item over these files
        // (that deletes the row in the same transaction): they go back where the row says.
        if (await this.repo.find(fileKey)) {
          for (const [from, to] of [...moves].reverse()) await this.moveOnce(to, from).catch(() => {});
        }
        throw err;
      });
    if (outcome.dup) {
      // The same bytes got there first — possibly this very file, assigned by a parallel request.
      if (outcome.dup.storage_key !== keys.original) {
        await Promise.all(moves.map(([, to]) => this.ctx.storage.delete(to)));
      }
      await this.repo.delete(fileKey);
      return { item: present(outcome.dup, true), message: UPLOAD_MESSAGES.duplicate };
    }
    if (event) this.ctx.events.emit('media.assigned', event);
    return { item: present(outcome.item, false), message: UPLOAD_MESSAGES.assigned };
  }

  /** The same bytes are already at this site: no second item; the temp copy is discarded. */
  private async duplicate(temp: TempFileRow, existing: MediaItemRow) {
    if (await this.repo.delete(temp.file_key)) await this.deleteFiles(temp);
    return { item: present(existing, true), message: UPLOAD_MESSAGES.duplicate };
  }

  /** A rename that tolerates having been done already (by a retry or a crashed attempt). */
  private async moveOnce(from: string, to: string): Promise<void> {
    try {
      await this.ctx.storage.move(from, to);
    } catch (err) {
      if (err instanceof NotFoundInStorage && (await this.ctx.storage.stat(to))) return;
      throw err;
    }
  }
}
