import path from 'node:path';
import { AppError } from '../../errors.ts';
import { holds } from '../../http/auth-hooks.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Auth } from '../auth/sessions.service.ts';
import type { GalleryItemsRepository } from './gallery-items.repository.ts';

export type MediaVariant = 'original' | 'display' | 'thumbnail';

/** A stored file ready to be sent: its key, size, type and a strong validator. */
export type StoredFile = { key: string; size: number; contentType: string; etag: string };

const IMAGE_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};
const typeOfKey = (key: string) => IMAGE_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/**
 * Who may fetch an item's files, and which stored file a variant is. Holders of VIEW_GALLERY see
 * every item; anyone else only the items they captured themselves.
 */
export class MediaFilesService {
  constructor(
    private readonly repo: GalleryItemsRepository,
    private readonly storage: Storage,
  ) {}

  async file(auth: Auth, id: number, variant: MediaVariant): Promise<StoredFile> {
    const item = await this.repo.mediaFiles(id);
    if (!item) throw AppError.notFound('Položka galérie sa nenašla');
    if (!holds(auth, ['VIEW_GALLERY']) && item.author_id !== auth.user.id) throw AppError.forbidden();
    let key = item.storage_key;
    let contentType = item.mime_type;
    // The file's bytes never change under an id, so the content hash (per variant) is its ETag.
    let etag = `"${item.sha256}"`;
    if (variant === 'thumbnail') {
      if (!item.thumbnail_key) throw AppError.notFound('Položka nemá náhľad');
      key = item.thumbnail_key;
      contentType = typeOfKey(key);
      etag = `"${item.sha256}-thumbnail"`;
    } else if (variant === 'display' && item.display_key) {
      key = item.display_key;
      contentType = typeOfKey(key);
      etag = `"${item.sha256}-display"`;
    }
    const stat = await this.storage.stat(key);
    if (!stat) throw AppError.notFound('Súbor sa nenašiel');
    return { key, size: stat.size, contentType, etag };
  }

  open(file: StoredFile, range?: { start: number; end: number }) {
    return this.storage.get(file.key, range);
  }
}
