import {
  type DateFolder,
  dateFolderKey,
  type GalleryMedia,
  mediaFileUrl,
  mediaThumbnailUrl,
  type SiteFolder,
} from '@app/contract';
import type { DateRow, MediaRow } from './gallery.repository.ts';
import { slovakDate } from './site-date.ts';

export function toSiteFolder(
  siteId: number,
  site: { name: string; code: string } | undefined,
  itemCount: number,
  cover: { id: number; hasThumbnail: boolean } | undefined,
): SiteFolder {
  return {
    entryType: 'FOLDER',
    folderType: 'SITE',
    siteId,
    siteDate: null,
    name: site?.name ?? '',
    siteCode: site?.code ?? '',
    itemCount,
    coverThumbnailUrl: cover?.hasThumbnail ? mediaThumbnailUrl(cover.id) : null,
    key: String(siteId),
  };
}

export function toDateFolder(siteId: number, r: DateRow): DateFolder {
  return {
    entryType: 'FOLDER',
    folderType: 'DATE',
    siteId,
    siteDate: r.siteDate,
    name: slovakDate(r.siteDate),
    itemCount: r.itemCount,
    key: dateFolderKey(siteId, r.siteDate),
  };
}

/**
 * `url` is what a browser can show: a HEIC/HEIF photo's JPEG display copy when it has one, else
 * the original, which `originalUrl` always names.
 */
export function toMedia(r: MediaRow, siteCode: string): GalleryMedia {
  return {
    entryType: 'MEDIA',
    id: r.id,
    type: r.type,
    url: mediaFileUrl(r.id, r.hasDisplay),
    originalUrl: mediaFileUrl(r.id),
    thumbnailUrl: r.hasThumbnail ? mediaThumbnailUrl(r.id) : null,
    siteId: r.siteId,
    siteCode,
    siteDate: r.siteDate,
    author: r.authorName,
    date: new Date(r.takenAt).toISOString(),
    mimeType: r.mimeType,
    ...(r.width !== null && { width: r.width }),
    ...(r.height !== null && { height: r.height }),
    ...(r.durationSeconds !== null && { durationSeconds: r.durationSeconds }),
  };
}
