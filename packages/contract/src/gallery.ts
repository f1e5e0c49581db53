import { z } from 'zod';
import { dataOf, defineEndpoints, idParam, MAX_PAGE_SIZE, pageOf } from './common.ts';
import { dateFolderKey, galleryRoutes } from './gallery.routes.ts';
import { GALLERY_FOLDER_PAGE_SIZE, GALLERY_MEDIA_PAGE_SIZE } from './limits.ts';

// An empty form field arrives as `dateFrom=`: that means "no filter", not a bad date.
const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);

const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A calendar date 'YYYY-MM-DD' (dates in the gallery's time zone). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dátum musí mať tvar RRRR-MM-DD' })
  .refine(isCalendarDate, { error: 'Neplatný dátum' });

/** The gallery's filters; the export reuses them. `dateFrom`/`dateTo` are inclusive. */
export const galleryFilterFields = {
  search: z.preprocess(emptyAsAbsent, z.string().trim().max(200).optional()),
  dateFrom: z.preprocess(emptyAsAbsent, calendarDate.optional()),
  dateTo: z.preprocess(emptyAsAbsent, calendarDate.optional()),
  siteId: z.preprocess(emptyAsAbsent, z.coerce.number().int().positive().max(2_147_483_647).optional()),
  siteDate: z.preprocess(emptyAsAbsent, calendarDate.optional()),
};

const datesInOrder = (q: { dateFrom?: string; dateTo?: string }) =>
  !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo;
const datesInOrderError = { path: ['dateTo'], error: 'Dátum do nesmie byť skôr ako dátum od' };

export const galleryFilters = z.object(galleryFilterFields).refine(datesInOrder, datesInOrderError);
export type GalleryFilters = z.infer<typeof galleryFilters>;

const galleryPage = (defaultSize: number) => ({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultSize),
});

export const galleryQuery = z
  .object({ ...galleryPage(GALLERY_FOLDER_PAGE_SIZE), ...galleryFilterFields })
  .refine(datesInOrder, datesInOrderError);
export type GalleryQuery = z.input<typeof galleryQuery>;

export const galleryMediaQuery = z
  .object({ ...galleryPage(GALLERY_MEDIA_PAGE_SIZE), ...galleryFilterFields })
  .refine(datesInOrder, datesInOrderError);

export { dateFolderKey };
export const folderParam = z.object({
  folder: z
    .string()
    .regex(/^[1-9]\d{0,9}_\d{4}-\d{2}-\d{2}$/, { error: 'Neplatný kľúč priečinka' })
    .refine((k) => isCalendarDate(k.slice(k.indexOf('_') + 1)), { error: 'Neplatný kľúč priečinka' }),
});

export const siteFolder = z.object({
  entryType: z.literal('FOLDER'),
  folderType: z.literal('SITE'),
  siteId: z.number().int(),
  siteDate: z.null(),
  /** The site's name. */
  name: z.string(),
  siteCode: z.string(),
  /** Items passing the filters. */
  itemCount: z.number().int(),
  /** Thumbnail of the most recent item passing the filters; null when it has none (a video without a poster). */
  coverThumbnailUrl: z.string().nullable(),
  key: z.string(),
});
export type SiteFolder = z.infer<typeof siteFolder>;

export const dateFolder = z.object({
  entryType: z.literal('FOLDER'),
  folderType: z.literal('DATE'),
  siteId: z.number().int(),
  siteDate: calendarDate,
  /** Slovak display date, e.g. `21. 11. 2026`. */
  name: z.string(),
  itemCount: z.number().int(),
  /** Pass to the folder route to list its media. */
  key: z.string(),
});
export type DateFolder = z.infer<typeof dateFolder>;

export const galleryFolder = z.discriminatedUnion('folderType', [siteFolder, dateFolder]);
export type GalleryFolder = z.infer<typeof galleryFolder>;

const galleryMediaType = z.enum(['IMAGE', 'VIDEO']);

export const galleryMedia = z.object({
  entryType: z.literal('MEDIA'),
  id: z.number().int(),
  type: galleryMediaType,
  url: z.string().meta({
    description:
      'What a browser can show: the original, or for a HEIC/HEIF photo its JPEG display copy (`…/file?display=1`)',
  }),
  originalUrl: z.string().meta({ description: 'The original bytes as uploaded (`…/file`)' }),
  thumbnailUrl: z
    .string()
    .nullable()
    .meta({ description: 'WebP thumbnail or video poster; null when there is none' }),
  siteId: z.number().int(),
  siteCode: z.string(),
  siteDate: calendarDate,
  author: z.string(),
  /** Capture time, ISO 8601. */
  date: z.string(),
  mimeType: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  durationSeconds: z.number().optional(),
});
export type GalleryMedia = z.infer<typeof galleryMedia>;

export const mediaFileQuery = z.object({
  display: z.preprocess(emptyAsAbsent, z.enum(['0', '1']).optional()).meta({
    description:
      '1: a HEIC/HEIF photo as its JPEG display copy (browsers cannot show HEIC); other items are served as they are',
  }),
});

// Streamed bytes: described for OpenAPI, never serialised (Fastify sends streams as they are).
const fileBytes = z
  .string()
  .meta({ format: 'binary', description: 'The bytes; honours Range and If-None-Match' });

export const galleryEndpoints = defineEndpoints({
  folders: {
    ...galleryRoutes.folders,
    summary: 'Gallery folders: SITE folders without siteId, DATE folders of that site with it',
    query: galleryQuery,
    response: dataOf(pageOf(galleryFolder)),
  },
  media: {
    ...galleryRoutes.media,
    summary: "A DATE folder's media items, newest first",
    params: folderParam,
    query: galleryMediaQuery,
    response: dataOf(pageOf(galleryMedia)),
  },
  file: {
    ...galleryRoutes.file,
    // VIEW_GALLERY or the item's author: the service decides.
    summary: "A media item's file (original; `display=1` gives a HEIC photo's JPEG copy)",
    params: idParam,
    query: mediaFileQuery,
    response: fileBytes,
  },
  thumbnail: {
    ...galleryRoutes.thumbnail,
    summary: "A media item's thumbnail or video poster (WebP)",
    params: idParam,
    response: fileBytes,
  },
});

export const mediaFileUrl = (id: number, display = false) =>
  `/apis/api/v1/site-content/media/${id}/file${display ? '?display=1' : ''}`;
export const mediaThumbnailUrl = (id: number) => `/apis/api/v1/site-content/media/${id}/thumbnail`;
