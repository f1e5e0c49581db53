import { z } from 'zod';
import { dataOf, defineEndpoints, messageBody } from './common.ts';
import { uploadRoutes } from './uploads.routes.ts';

export const MAX_TOTAL_CHUNKS = 1_000_000;

export const MEDIA_TYPES = ['IMAGE', 'VIDEO'] as const;
export const mediaTypeSchema = z.enum(MEDIA_TYPES);
export type MediaType = z.infer<typeof mediaTypeSchema>;

/** What the server accepts, by the bytes of the file (never by the name or the client's MIME type). */
export const ACCEPTED_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/gif',
  'video/webm',
  'video/mp4',
  'video/quicktime',
] as const;

const key = (label: string) =>
  z
    .string({ error: `${label} je povinný` })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: `${label} musí mať 8 až 64 znakov (písmená, číslice, - a _)` });

export const uploadIdSchema = key('Identifikátor nahrávania');
export const fileKeySchema = key('Kľúč súboru');

export const uploadQuery = z.object({
  uploadId: uploadIdSchema,
  /** The client's idea of the type; informative only, the bytes decide. */
  contentType: z.string().max(255).optional(),
});

const headerInt = (name: string, min: number) =>
  z.coerce
    .number({ error: `Hlavička ${name} je povinná a musí byť celé číslo` })
    .int({ error: `Hlavička ${name} musí byť celé číslo` })
    .min(min, { error: `Hlavička ${name} musí byť aspoň ${min}` })
    .max(MAX_TOTAL_CHUNKS, { error: `Hlavička ${name} je príliš veľká` });

export const CONTENT_RANGE_PATTERN = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15}|\*)$/;

// Other headers (cookie, content-length…) must survive validation: a loose object.
export const uploadHeaders = z.looseObject({
  'x-chunk-index': headerInt('X-Chunk-Index', 0),
  'x-total-chunks': headerInt('X-Total-Chunks', 1),
  'content-range': z
    .string()
    .regex(CONTENT_RANGE_PATTERN, {
      error: 'Hlavička Content-Range musí mať tvar „bytes začiatok-koniec/celkom“',
    })
    .optional(),
});
export type UploadHeaders = z.output<typeof uploadHeaders>;

export const uploadedFile = z.object({
  fileKey: z.string(),
  /** Absolute URL of the preview (`GET /site-content/temp/{fileKey}`). */
  fileUrl: z.string(),
  type: mediaTypeSchema,
  /** The type found in the bytes (`image/heic` for HEIC even though the preview is a JPEG). */
  mimeType: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const uploadPartial = z.object({ received: z.number().int(), total: z.number().int() });
export type UploadPartial = z.infer<typeof uploadPartial>;

export const uploadProgress = z.object({
  uploadId: z.string(),
  /** Chunk indexes the server holds, ascending: the client resends the others. */
  chunks: z.array(z.number().int()),
  /** X-Total-Chunks of the upload; null when the server knows nothing of it. */
  total: z.number().int().nullable(),
  complete: z.boolean(),
  /** Set once the upload is complete. */
  file: uploadedFile.optional(),
});
export type UploadProgress = z.infer<typeof uploadProgress>;

export const fileKeyParam = z.object({ fileKey: fileKeySchema });
export const uploadIdParam = z.object({ uploadId: uploadIdSchema });

export const assignBody = z.object({
  siteId: z.number({ error: 'Site je povinný' }).int().positive({ error: 'Site je povinný' }),
  fileKey: fileKeySchema,
});
export type AssignBody = z.input<typeof assignBody>;

export const assignedMedia = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  type: mediaTypeSchema,
  mimeType: z.string(),
  /** Capture time (EXIF, else upload time), ISO 8601. */
  date: z.string(),
  /** The capture time's date in TZ_GALLERY, YYYY-MM-DD. */
  siteDate: z.string(),
  /** True when the same bytes were already assigned to this site: no new item was made. */
  duplicate: z.boolean(),
});
export type AssignedMedia = z.infer<typeof assignedMedia>;

// Streamed bytes: described for OpenAPI, never serialised (Fastify sends streams as they are).
const tempFileBytes = z
  .string()
  .meta({ format: 'binary', description: 'The bytes; honours Range and If-None-Match' });

export const uploadEndpoints = defineEndpoints({
  upload: {
    ...uploadRoutes.upload,
    summary:
      'One chunk (raw body, at most 1 MiB) of a file; 206 until all chunks are held, then 200 with the temp file. ' +
      'Chunks may come in any order and be resent; the upload belongs to the sender of its first chunk.',
    query: uploadQuery,
    headers: uploadHeaders,
    body: z.any().meta({ format: 'binary', description: 'The raw bytes of one chunk' }),
    response: dataOf(uploadedFile),
    otherResponses: { 206: dataOf(uploadPartial) },
  },
  progress: {
    ...uploadRoutes.progress,
    summary: 'Which chunks of an upload the server holds (for resuming)',
    params: uploadIdParam,
    response: dataOf(uploadProgress),
  },
  preview: {
    ...uploadRoutes.preview,
    summary: 'The uploaded file before assignment (a JPEG copy for HEIC); its uploader only',
    params: fileKeyParam,
    response: tempFileBytes,
  },
  previewThumbnail: {
    ...uploadRoutes.previewThumbnail,
    summary: 'The WebP thumbnail (or video poster) of an uploaded file; its uploader only',
    params: fileKeyParam,
    response: tempFileBytes,
  },
  deleteTemp: {
    ...uploadRoutes.deleteTemp,
    summary: 'Discard an uploaded file (own files only)',
    params: fileKeyParam,
    response: messageBody,
  },
  assign: {
    ...uploadRoutes.assign,
    summary:
      'Assign an uploaded file to an active site, creating the media item; the same bytes again for the same site make no second item',
    body: assignBody,
    response: dataOf(assignedMedia),
  },
});
