import { z } from 'zod';
import { dataOf, defineEndpoints, idParam, messageBody, pageOf, pageQuery } from './common.ts';
import { exportRoutes } from './exports.routes.ts';
import { type GalleryFilters, galleryFilters } from './gallery.ts';

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

export const exportEndpoints = defineEndpoints({
  request: {
    ...exportRoutes.request,
    // A GET that queues work: refused cross-site like a POST.
    summary: 'Queue a ZIP export of the gallery items passing the filters',
    query: exportFilters,
    response: messageBody,
  },
  list: {
    ...exportRoutes.list,
    summary: "The caller's exports, newest first (an admin's: everyone's)",
    query: exportPageQuery,
    response: dataOf(pageOf(exportRow)),
  },
  download: {
    ...exportRoutes.download,
    summary: 'The finished ZIP, streamed (own exports; an admin: any)',
    params: idParam,
    // Streamed bytes: described for OpenAPI, never serialised.
    response: z.string().meta({ format: 'binary', description: 'The ZIP file' }),
  },
});

/** The app-relative address a COMPLETED export is downloaded from. */
export const exportDownloadPath = (id: number) => `/apis/api/v1/site-content/exports/${id}/download`;
