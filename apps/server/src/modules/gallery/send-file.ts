import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { StoredFile } from './media-files.service.ts';

export type ByteRange = { start: number; end: number };

/**
 * One `bytes=` range of RFC 9110 against a file of `size` bytes: the range, 'unsatisfiable', or
 * undefined when the header is absent, malformed or asks for several ranges (then the whole file
 * is sent, as the RFC allows).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const m = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!m) return undefined;
  const [, first, last] = m as unknown as [string, string, string];
  if (first === '') {
    if (last === '') return undefined;
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Number(last);
  return { start, end: Math.min(end, size - 1) };
}

const matches = (header: string | undefined, etag: string) =>
  (header?.split(',') ?? []).some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });

/**
 * Sends a stored file with what browsers and iOS video need: ETag and If-None-Match (304),
 * Range (206, 416) honouring If-Range, private caching, and no type sniffing. The bytes are
 * streamed from storage, never held in memory.
 */
export async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  open: (range?: ByteRange) => Promise<NodeJS.ReadableStream>,
): Promise<FastifyReply> {
  reply
    .header('ETag', file.etag)
    .header('Cache-Control', 'private, no-cache')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Accept-Ranges', 'bytes');
  if (matches(req.headers['if-none-match'], file.etag)) return reply.code(304).send();

  const ifRange = req.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === file.etag ? parseRange(req.headers.range, file.size) : undefined;
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${file.size}`);
    throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'Požadovaný rozsah súboru neexistuje');
  }
  reply.type(file.contentType);
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('Content-Length', range.end - range.start + 1);
  } else {
    reply.header('Content-Length', file.size);
  }
  // Fastify's HEAD handling keeps our Content-Length only for a stream body: give it an empty one.
  if (req.method === 'HEAD') return reply.send(Readable.from([]));
  return reply.send(await open(range));
}
