import { createHash, randomUUID } from 'node:crypto';
import { UPLOAD_CHUNK_BYTES } from '@app/contract';
import type { HttpClient, HttpResponse } from '../../test/http-client.ts';

export const UPLOAD_URL = '/apis/api/v1/site-content/upload';
export const CONTENT = '/apis/api/v1/site-content';

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

export type Chunk = { index: number; body: Buffer; start: number; end: number };

/** A file cut the way the web app cuts it: 1 MiB chunks (or `size`). */
export function chunksOf(file: Buffer, size = UPLOAD_CHUNK_BYTES): Chunk[] {
  const out: Chunk[] = [];
  for (let start = 0, index = 0; start < file.length; start += size, index += 1) {
    const body = file.subarray(start, Math.min(file.length, start + size));
    out.push({ index, body, start, end: start + body.length - 1 });
  }
  return out;
}

export type SendOptions = {
  uploadId: string;
  total: number;
  fileSize?: number;
  contentType?: string;
  headers?: Record<string, string>;
  range?: boolean;
};

/** One chunk over real HTTP, with the headers the web app sends. */
export function sendChunk(client: HttpClient, chunk: Chunk, o: SendOptions): Promise<HttpResponse> {
  const headers: Record<string, string> = {
    'content-type': o.contentType ?? 'application/octet-stream',
    'x-chunk-index': String(chunk.index),
    'x-total-chunks': String(o.total),
    ...(o.range !== false && o.fileSize !== undefined
      ? { 'content-range': `bytes ${chunk.start}-${chunk.end}/${o.fileSize}` }
      : {}),
    ...o.headers,
  };
  return client.request('POST', UPLOAD_URL, {
    query: { uploadId: o.uploadId, contentType: o.contentType ?? 'application/octet-stream' },
    body: new Uint8Array(chunk.body),
    headers,
  });
}

/**
 * Uploads `file` chunk by chunk in the given order (indexes; repeats allowed) and returns every
 * answer; the last one is the one that completed it (or the error).
 */
export async function upload(
  client: HttpClient,
  file: Buffer,
  opts: {
    order?: number[];
    uploadId?: string;
    chunkSize?: number;
    contentType?: string;
    range?: boolean;
  } = {},
): Promise<{ uploadId: string; answers: HttpResponse[]; last: HttpResponse }> {
  const chunks = chunksOf(file, opts.chunkSize);
  const uploadId = opts.uploadId ?? randomUUID();
  const order = opts.order ?? chunks.map((c) => c.index);
  const answers: HttpResponse[] = [];
  for (const i of order) {
    const res = await sendChunk(client, chunks[i], {
      uploadId,
      total: chunks.length,
      fileSize: file.length,
      contentType: opts.contentType,
      range: opts.range,
    });
    answers.push(res);
    if (res.status >= 400) break;
  }
  return { uploadId, answers, last: answers[answers.length - 1] };
}

/** Uploads a whole file in order and returns its fileKey (fails the test on anything but 200). */
export async function uploadOk(client: HttpClient, file: Buffer, contentType?: string): Promise<string> {
  const { last } = await upload(client, file, { contentType });
  if (last.status !== 200) throw new Error(`upload failed: ${last.status} ${last.text}`);
  return last.body.data.fileKey as string;
}

/** Bytes that no sniffer takes for anything: a deterministic pseudo-random file of `size` bytes. */
export function randomFile(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.writeUInt32LE(x >>> 0, i - (i + 4 > size ? i + 4 - size : 0));
  }
  return out;
}

/**
 * An MP4 by its bytes — an `ftyp` box, then a `free` box of pseudo-random filler — of exactly
 * `size` bytes: accepted as video/mp4, with nothing for ffmpeg to decode (no poster).
 */
export function fakeMp4(size: number, seed = 7): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41'),
  ]);
  const free = Buffer.alloc(8);
  free.writeUInt32BE(size - ftyp.length, 0);
  free.write('free', 4);
  return Buffer.concat([ftyp, free, randomFile(size - ftyp.length - 8, seed)]);
}
