import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../context.ts';
import type { MediaProcessor } from '../../platform/media/media-processor.ts';
import { UndecodableImage } from '../../platform/media/media-processor.ts';
import { withLocalFile } from '../../platform/storage/local-file.ts';
import { checkFileType } from './file-check.ts';
import type { RunningHashes } from './running-hashes.ts';
import type { TempFileRow } from './temp-files.repository.ts';
import { uploadErrors } from './upload-errors.ts';
import type { ChunkRow, UploadRow, UploadsRepository } from './uploads.repository.ts';

// EXIF clocks run wrong; a capture time more than a day ahead of the server is not believed.
const FUTURE_TOLERANCE_MS = 24 * 3600_000;

/** The one file per upload that chunks with byte ranges are written into, each at its place. */
export const partKeyOf = (uploadId: string) =>
  `tmp/uploads/${createHash('sha256').update(uploadId).digest('hex').slice(0, 40)}.part`;
const isPartKey = (key: string) => key.startsWith('tmp/uploads/') && key.endsWith('.part');

/**
 * The temp file an upload becomes: the same on every attempt of this upload, so an assembly taking
 * over from one that died finds what that one moved (a fresh upload with a reused id gets another).
 */
export function fileKeyOf(upload: Pick<UploadRow, 'upload_id' | 'created_at'>): string {
  const h = createHash('sha256').update(`temp-file\n${upload.upload_id}\n${upload.created_at}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
/** What file-type names the accepted types: where a dead assembly may have moved the part file. */
const ACCEPTED_EXTS = ['jpg', 'png', 'webp', 'heic', 'gif', 'webm', 'mp4', 'mov'];

export const tempKeys = (fileKey: string, ext: string) => ({
  original: `tmp/files/${fileKey}.${ext}`,
  thumbnail: `tmp/files/${fileKey}.thumb.webp`,
  display: `tmp/files/${fileKey}.display.jpg`,
});

/**
 * Turns the chunks of a claimed upload into a checked, processed temp file. Chunks that came with
 * byte ranges already lie in place in one part file, which is hashed and renamed; others are
 * streamed in order into one new file while hashing (never the whole file in memory). Then the
 * real type is sniffed and the thumbnail / poster / JPEG copy made. Client faults throw 4xx
 * AppErrors; on any failure nothing it made is left behind, and the part file is put back.
 */
export class UploadAssembler {
  constructor(
    private readonly ctx: AppContext,
    private readonly uploads: UploadsRepository,
    private readonly media: MediaProcessor,
    private readonly hashes: RunningHashes,
  ) {}

  async assemble(upload: UploadRow, userId: number): Promise<TempFileRow> {
    const chunks = await this.uploads.chunks(upload.upload_id);
    checkTiling(upload, chunks);
    const storage = this.ctx.storage;
    const fileKey = fileKeyOf(upload);
    // Chunks written in place (all in one part file) need no copy: hash it, check it, rename it.
    const part = chunks.every((c) => c.storage_key === chunks[0]?.storage_key && isPartKey(c.storage_key))
      ? chunks[0]?.storage_key
      : undefined;
    const size = chunks.reduce((n, c) => n + c.size, 0);
    if (part) await this.recoverPart(part, fileKey);
    let source: string;
    let sha256 = part ? this.hashes.take(upload.upload_id, size) : undefined;
    if (part) {
      source = part;
      // Unless the chunks were hashed as they came, in order, through this instance: one read.
      if (!sha256) sha256 = await hashOf(await storage.get(part));
    } else {
      source = `tmp/files/${fileKey}.assembling`;
      const hash = createHash('sha256');
      await storage.put(source, Readable.from(this.concat(chunks, hash), { objectMode: false }));
      sha256 = hash.digest('hex');
    }
    let original: string | undefined;
    const extras: string[] = [];
    try {
      if (size > this.ctx.config.maxUploadBytes)
        throw uploadErrors.fileTooLarge(this.ctx.config.maxUploadBytes);
      const accepted = await withLocalFile(storage, source, checkFileType);
      if (!accepted) throw uploadErrors.unsupportedType();
      const keys = tempKeys(fileKey, accepted.ext);
      await storage.move(source, keys.original);
      original = keys.original;
      const facts = await this.process(keys, accepted.mimeType, extras);
      const now = this.ctx.clock.now();
      return {
        file_key: fileKey,
        user_id: userId,
        type: accepted.type,
        mime_type: accepted.mimeType,
        original_name: null,
        size,
        sha256,
        storage_key: keys.original,
        thumbnail_key: facts.thumbnailFile ? keys.thumbnail : null,
        display_key: facts.displayFile ? keys.display : null,
        width: facts.width ?? null,
        height: facts.height ?? null,
        duration_seconds: facts.durationSeconds ?? null,
        taken_at:
          facts.takenAt !== undefined && facts.takenAt <= now + FUTURE_TOLERANCE_MS ? facts.takenAt : null,
        lat: facts.lat ?? null,
        lng: facts.lng ?? null,
        created_at: now,
      };
    } catch (err) {
      await Promise.all(extras.map((k) => storage.delete(k).catch(() => {})));
      // The part file is the chunks themselves: it goes back for the caller to keep or drop.
      if (original && part) await storage.move(original, part).catch(() => {});
      else if (original) await storage.delete(original).catch(() => {});
      if (!part) await storage.delete(source).catch(() => {});
      if (err instanceof UndecodableImage) {
        throw err.reason === 'too-large' ? uploadErrors.imageTooLarge() : uploadErrors.corruptImage();
      }
      throw err;
    }
  }

  /**
   * An assembly that died after moving the part file to its place as the temp file, and before
   * recording that temp file, left the chunks' bytes there: they go back for this attempt.
   */
  private async recoverPart(part: string, fileKey: string): Promise<void> {
    const storage = this.ctx.storage;
    if (await storage.stat(part)) return;
    for (const ext of ACCEPTED_EXTS) {
      const moved = tempKeys(fileKey, ext).original;
      if (await storage.stat(moved)) return storage.move(moved, part);
    }
  }

  /** Thumbnail, poster, JPEG copy and EXIF facts; the files it stores are listed in `stored`. */
  private async process(keys: ReturnType<typeof tempKeys>, mimeType: string, stored: string[]) {
    const storage = this.ctx.storage;
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'sd-media-'));
    try {
      const facts = await withLocalFile(storage, keys.original, (file) =>
        this.media.process(file, mimeType, work),
      );
      if (facts.thumbnailFile) {
        stored.push(keys.thumbnail);
        await storage.put(keys.thumbnail, fs.createReadStream(facts.thumbnailFile));
      }
      if (facts.displayFile) {
        stored.push(keys.display);
        await storage.put(keys.display, fs.createReadStream(facts.displayFile));
      }
      return facts;
    } finally {
      await fsp.rm(work, { recursive: true, force: true });
    }
  }

  /** The chunks in order, read from their own objects or from their range of the part file. */
  private async *concat(chunks: ChunkRow[], hash: ReturnType<typeof createHash>): AsyncGenerator<Buffer> {
    for (const c of chunks) {
      const start = Number(c.range_start ?? 0);
      const range = isPartKey(c.storage_key) ? { start, end: start + c.size - 1 } : undefined;
      for await (const buf of await this.ctx.storage.get(c.storage_key, range)) {
        hash.update(buf as Buffer);
        yield buf as Buffer;
      }
    }
  }
}

async function hashOf(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  const sink = new Writable({
    write(b: Buffer, _e, cb) {
      hash.update(b);
      cb();
    },
  });
  await pipeline(stream, sink);
  return hash.digest('hex');
}

/** Every chunk present once, and — where the client sent ranges — laid end to end up to the total. */
function checkTiling(upload: UploadRow, chunks: ChunkRow[]): void {
  if (chunks.length !== upload.total_chunks || chunks.some((c, i) => c.chunk_index !== i)) {
    throw uploadErrors.inconsistent('Chýbajú niektoré časti súboru');
  }
  let offset = 0;
  for (const c of chunks) {
    if (c.range_start !== null && Number(c.range_start) !== offset) {
      throw uploadErrors.inconsistent(
        `Časť ${c.chunk_index} začína na bajte ${c.range_start}, očakávalo sa ${offset} (hlavička Content-Range)`,
      );
    }
    offset += c.size;
  }
  if (upload.total_bytes !== null && Number(upload.total_bytes) !== offset) {
    throw uploadErrors.inconsistent(
      `Časti súboru majú spolu ${offset} bajtov, hlavička Content-Range uvádza ${upload.total_bytes}`,
    );
  }
}
