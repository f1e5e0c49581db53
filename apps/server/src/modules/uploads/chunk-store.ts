import { randomUUID } from 'node:crypto';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CONTENT_RANGE_PATTERN, UPLOAD_CHUNK_BYTES } from '@app/contract';
import type { AppContext } from '../../context.ts';
import type { RunningHashes } from './running-hashes.ts';
import { partKeyOf } from './upload-assembler.ts';
import { uploadErrors } from './upload-errors.ts';
import type { UploadsRepository } from './uploads.repository.ts';

export type Range = { start: number; end: number; total: number | undefined };

/** `Content-Range: bytes start-end/total` (the header's form is checked by the contract). */
export function parseRange(header: string | undefined): Range | undefined {
  if (header === undefined) return undefined;
  const m = CONTENT_RANGE_PATTERN.exec(header) as RegExpExecArray;
  const start = Number(m[1]);
  const end = Number(m[2]);
  const total = m[3] === '*' ? undefined : Number(m[3]);
  if (end < start) throw uploadErrors.header('Content-Range', 'koniec rozsahu je pred jeho začiatkom');
  if (total !== undefined && end >= total)
    throw uploadErrors.header('Content-Range', 'rozsah presahuje celkovú veľkosť');
  return { start, end, total };
}

const mismatch = () => uploadErrors.header('Content-Range', 'nezodpovedá dĺžke tela požiadavky');

/**
 * Puts one chunk's bytes into storage and records it. With a range the chunk goes straight to its
 * place in the upload's part file (no copy at the end, hashed on the way when it continues the
 * running hash); without one, to an object of its own. Durable before recorded, recorded before
 * acknowledged.
 */
export class ChunkStore {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: UploadsRepository,
    private readonly hashes: RunningHashes,
  ) {}

  async store(uploadId: string, index: number, range: Range | undefined, body: Readable | undefined) {
    if (!body) throw uploadErrors.emptyChunk();
    const storage = this.ctx.storage;
    const length = range ? range.end - range.start + 1 : undefined;
    const inPlace = range !== undefined && storage.writeAt !== undefined;
    const key = inPlace ? partKeyOf(uploadId) : `tmp/chunks/${randomUUID()}`;
    const tap = inPlace ? this.hashes.tap(uploadId, (range as Range).start) : undefined;
    // The part file holds other chunks too: a refused chunk's bytes there are overwritten later.
    const discard = () => (inPlace ? Promise.resolve() : storage.delete(key));
    let size = 0;
    let recorded = false;
    try {
      size =
        inPlace && storage.writeAt
          ? await storage.writeAt(
              key,
              (range as Range).start,
              limited(body, length as number, mismatch, tap?.update),
            )
          : (await storage.put(key, limited(body, UPLOAD_CHUNK_BYTES))).size;
      if (size === 0 || (length !== undefined && size !== length)) {
        await discard();
        throw size === 0 ? uploadErrors.emptyChunk() : mismatch();
      }
      const row = {
        upload_id: uploadId,
        chunk_index: index,
        size,
        storage_key: key,
        range_start: range?.start ?? null,
      };
      recorded = await this.repo.insertChunk(row, this.ctx.clock.now());
      if (!recorded) await discard();
    } finally {
      tap?.settle(recorded, size);
    }
  }
}

/**
 * The request body, cut off past `max` bytes (413, or `tooMuch`). Piped, not pipelined, so that
 * refusing the body never destroys the request: the client still gets to read the answer.
 */
export function limited(
  body: Readable,
  max: number,
  tooMuch = uploadErrors.chunkTooLarge,
  onData?: (bytes: Buffer) => void,
): Readable {
  let seen = 0;
  const out = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen <= max) {
        onData?.(chunk);
        return cb(null, chunk);
      }
      // The rest of the body is read and dropped, so the client, still sending, sees the answer.
      body.unpipe(out);
      body.resume();
      cb(tooMuch());
    },
  });
  // The consumer may not be reading yet (storage opens its file first) when the body already broke
  // the limit: without a listener that 'error' would crash the process. The consumer still gets
  // the error, as the stream's `errored`, once it starts reading.
  out.on('error', () => {});
  body.on('error', (err) => out.destroy(err));
  body.on('close', () => {
    if (!body.readableEnded) out.destroy(new Error('The client ended the request before its body'));
  });
  return body.pipe(out);
}

/** Reads and forgets a body we do not need (a resent chunk), within the chunk limit. */
export async function drain(body: Readable | undefined): Promise<void> {
  if (!body) return;
  await pipeline(limited(body, UPLOAD_CHUNK_BYTES), new Writable({ write: (_c, _e, cb) => cb() }));
}
