import { z } from 'zod';
import { dataOf, defineEndpoints, idParam, messageBody, pageOf, pageQuery } from './common.ts';
import { type GalleryFilters, galleryFilters } from './gallery.ts';

export const EXPORT_PAGE_SIZE = 10;
/** Exports and their files are deleted this long after they were requested. */
export const EXPORT_RETENTION_DAYS = 7;
/** The web app cuts longer messages with '...' and shows the whole text in a modal. */
export const EXPORT_MESSAGE_CUT = 50;

export const EXPORT_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export const exportStatusIdSchema = z.enum(EXPORT_STATUSES);
export type ExportStatusId = z.infer<typeof exportStatusIdSchema>;

export const EXPORT_STATUS_LABELS: Record<ExportStatusId, string> = {
  PENDING: 'Čaká v poradí',
  PROCESSING: 'Spracováva sa',
  COMPLETED: 'Dokončený',
  FAILED: 'Neúspešný',
};

/** The only markup an export name may hold: the web app turns it into a line break. */
export const EXPORT_NAME_LINE_BREAK = '<br>';

/** The export takes the gallery's filters, with the same meaning. */
export const exportFilters = galleryFilters;
export type ExportFilters = GalleryFilters;

export const exportStatus = z.object({ id: exportStatusIdSchema, name: z.string() });

export const exportRow = z.object({
  id: z.number().int(),
  /** The filters, one per line, lines joined by `<br>`; everything else is plain text. */
  name: z.string(),
  /** ISO 8601 instant. */
  createdAt: z.string(),
  status: exportStatus,
  /** Progress while running, count and size when done, the reason when failed. */
  message: z.string(),
  /** App-relative download address; present only when COMPLETED. */
  url: z.string().optional(),
});
export type ExportRow = z.infer<typeof exportRow>;

export const exportPageQuery = pageQuery.pick({ page: true, size: true });

const EXPORT_GALLERY = ['EXPORT_GALLERY'] as const;

export const exportEndpoints = defineEndpoints({
  request: {
    method: 'GET',
    path: '/apis/api/v1/site-content/export',
    access: EXPORT_GALLERY,
    // A GET that queues work: refused cross-site like a POST.
    sameOriginOnly: true,
    summary: 'Queue a ZIP export of the gallery items passing the filters',
    query: exportFilters,
    response: messageBody,
  },
  list: {
    method: 'GET',
    path: '/apis/api/v1/site-content/exports',
    access: EXPORT_GALLERY,
    summary: "The caller's exports, newest first (an admin's: everyone's)",
    query: exportPageQuery,
    response: dataOf(pageOf(exportRow)),
  },
  download: {
    method: 'GET',
    path: '/apis/api/v1/site-content/exports/:id/download',
    access: EXPORT_GALLERY,
    summary: 'The finished ZIP, streamed (own exports; an admin: any)',
    params: idParam,
    // Streamed bytes: described for OpenAPI, never serialised.
    response: z.string().meta({ format: 'binary', description: 'The ZIP file' }),
  },
});

/** The app-relative address a COMPLETED export is downloaded from. */
export const exportDownloadPath = (id: number) => `/apis/api/v1/site-content/exports/${id}/download`;
