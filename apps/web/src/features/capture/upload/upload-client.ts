import {
  UPLOAD_CHUNK_BYTES,
  type UploadedFile,
  type UploadProgress,
  uploadEndpoints,
} from '@app/contract/web';
import { sk } from '../../../i18n/sk.ts';
import { buildUrl } from '../../../lib/api.ts';
import { type RetryPolicy, retrying, UploadError } from './retry.ts';

export { DEFAULT_RETRY, type RetryPolicy, UploadError } from './retry.ts';

export type UploadOptions = {
  /** A random UUID made by the client (spec §3); the same id resumes the same upload. */
  uploadId: string;
  /** The file's MIME type without parameters, e.g. `video/webm` for a recording. */
  contentType: string;
  /** Whole percent of the bytes the server holds, 0–100. */
  onProgress?: (percent: number) => void;
  /** Told when a chunk failed and the client waits before trying it again. */
  onRetry?: (attempt: number, error: UploadError) => void;
  signal?: AbortSignal;
  retry?: Partial<RetryPolicy>;
  /** The transport; a test gives one that carries a session cookie to a test server. */
  fetch?: typeof fetch;
  /** Prefix of the API paths (empty in the browser: same origin). */
  baseUrl?: string;
};

type ChunkResult = { file?: UploadedFile };

/** How many 1 MiB chunks a file of `size` bytes is sent in (an empty file is one empty chunk). */
export function chunkCount(size: number): number {
  return Math.max(1, Math.ceil(size / UPLOAD_CHUNK_BYTES));
}

/** The headers of one chunk (spec §7; design.md §4 Uploads). */
export function chunkHeaders(index: number, size: number, contentType: string): Record<string, string> {
  const start = index * UPLOAD_CHUNK_BYTES;
  const end = Math.min(size, start + UPLOAD_CHUNK_BYTES) - 1;
  return {
    'Content-Type': contentType || 'application/octet-stream',
    ...(size > 0 ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
    'X-Chunk-Index': String(index),
    'X-Total-Chunks': String(chunkCount(size)),
  };
}

/**
 * Sends `blob` in 1 MiB chunks and resolves with the temp file once the server has assembled it.
 * It first asks which chunks the server already holds, so calling it again with the same
 * `uploadId` (after a dropped network, a reload, or 'try again') sends only the missing ones.
 * A chunk failing for a reason that may pass (no network, 5xx, 408, 429) is retried with back-off;
 * anything else, or the retries running out, rejects with an UploadError carrying the message
 * for the failure toast.
 */
export async function uploadBlob(blob: Blob, opts: UploadOptions): Promise<UploadedFile> {
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const base = opts.baseUrl ?? '';
  const size = blob.size;
  const total = chunkCount(size);
  const chunkBytes = (i: number) => Math.min(size, (i + 1) * UPLOAD_CHUNK_BYTES) - i * UPLOAD_CHUNK_BYTES;
  const run = <T>(op: () => Promise<T>) => retrying(op, opts.retry, opts.signal, opts.onRetry);

  const request = async (url: string, init: RequestInit): Promise<Response> => {
    let res: Response;
    try {
      res = await doFetch(`${base}${url}`, { ...init, credentials: 'include', signal: opts.signal });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new UploadError((err as Error).message || sk.capture.uploadFailedBody, 0);
    }
    if (!res.ok) throw new UploadError(await failureText(res), res.status);
    return res;
  };

  const held = await run(async () => {
    const res = await request(buildUrl(uploadEndpoints.progress, { params: { uploadId: opts.uploadId } }), {
      headers: { Accept: 'application/json' },
    });
    return ((await res.json()) as { data: UploadProgress }).data;
  });
  if (held.complete && held.file) {
    opts.onProgress?.(100);
    return held.file;
  }
  // An upload begun with another file (a reused id) cannot be continued: the server says how many.
  if (held.total !== null && held.total !== total) throw new UploadError(sk.capture.uploadFailedBody, 409);

  const have = new Set(held.chunks);
  let sent = held.chunks.reduce((sum, i) => sum + (i < total ? chunkBytes(i) : 0), 0);
  const report = () => opts.onProgress?.(size === 0 ? 0 : Math.floor((sent / size) * 100));
  report();

  const url = buildUrl(uploadEndpoints.upload, {
    query: { uploadId: opts.uploadId, contentType: opts.contentType },
  });
  const sendChunk = (i: number) =>
    run<ChunkResult>(async () => {
      const start = i * UPLOAD_CHUNK_BYTES;
      const res = await request(url, {
        method: 'POST',
        headers: chunkHeaders(i, size, opts.contentType),
        body: blob.slice(start, start + chunkBytes(i)),
      });
      if (res.status === 206) {
        await res.body?.cancel();
        return {};
      }
      return { file: ((await res.json()) as { data: UploadedFile }).data };
    });

  // The last chunk is sent last so the server assembles once everything before it is held.
  for (let i = 0; i < total; i += 1) {
    if (have.has(i)) continue;
    const { file } = await sendChunk(i);
    sent += chunkBytes(i);
    if (file) {
      opts.onProgress?.(100);
      return file;
    }
    report();
  }
  // Every chunk was held already, yet unassembled (an assembly that failed on the server's side):
  // a resent chunk makes the server try again.
  const { file } = await sendChunk(total - 1);
  if (file) {
    opts.onProgress?.(100);
    return file;
  }
  throw new UploadError(sk.capture.uploadFailedBody, 0);
}

/** The server's text of a failed chunk: its JSON message, else the raw text, else 'Upload failed'. */
async function failureText(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {}
  return text.trim() || sk.capture.uploadFailedBody;
}
