import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  UPLOAD_CHUNK_BYTES,
  type UploadedFile,
  type UploadHeaders,
  type UploadPartial,
  type UploadProgress,
} from '@app/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../auth/sessions.service.ts';
import { type ChunkStore, drain, parseRange } from './chunk-store.ts';
import type { TempFilesRepository } from './temp-files.repository.ts';
import type { UploadAssembler } from './upload-assembler.ts';
import { uploadErrors } from './upload-errors.ts';
import type { UploadRow, UploadsRepository } from './uploads.repository.ts';

/** An assembly not heard of for this long is taken to be dead (its instance crashed). */
export const ASSEMBLY_LEASE_MS = 60_000;
/** How long the sender of a last chunk waits for an assembly another request is doing. */
const AWAIT_OTHER_MS = 60_000;

export type ChunkAnswer = { status: 200; file: UploadedFile } | { status: 206; partial: UploadPartial };

export const tempFileUrl = (publicUrl: string, fileKey: string) =>
  `${publicUrl}/apis/api/v1/site-content/temp/${fileKey}`;

/**
 * The chunked upload protocol (design.md §4 Uploads). Chunk bytes go to storage and their rows
 * to the database before the answer, so a chunk acknowledged is a chunk kept, on any instance.
 */
export class UploadsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: UploadsRepository,
    private readonly temps: TempFilesRepository,
    private readonly assembler: UploadAssembler,
    private readonly chunks: ChunkStore,
  ) {}

  async receive(
    user: SessionUser,
    uploadId: string,
    contentType: string | undefined,
    headers: UploadHeaders,
    body: Readable | undefined,
  ): Promise<ChunkAnswer> {
    const max = this.ctx.config.maxUploadBytes;
    const index = headers['x-chunk-index'];
    const total = headers['x-total-chunks'];
    if (index >= total)
      throw uploadErrors.header('X-Chunk-Index', `musí byť menšie ako X-Total-Chunks (${total})`);
    const range = parseRange(headers['content-range']);
    const declared = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
    if (declared !== undefined && declared > UPLOAD_CHUNK_BYTES) throw uploadErrors.chunkTooLarge();
    if (range) {
      if (range.end - range.start + 1 > UPLOAD_CHUNK_BYTES) throw uploadErrors.chunkTooLarge();
      if (range.total !== undefined && range.total > max) throw uploadErrors.fileTooLarge(max);
      if (range.total !== undefined && total > range.total)
        throw uploadErrors.header('X-Total-Chunks', 'súbor má menej bajtov ako častí');
      if (declared !== undefined && declared !== range.end - range.start + 1)
        throw uploadErrors.header('Content-Range', 'nezodpovedá dĺžke tela požiadavky');
    }

    const now = this.ctx.clock.now();
    const found = await this.repo.findWithChunk(uploadId, index);
    const upload =
      found ??
      (await this.repo.createIfAbsent(
        {
          uploadId,
          userId: user.id,
          contentType: (contentType ?? '').slice(0, 100),
          totalChunks: total,
          totalBytes: range?.total ?? null,
        },
        now,
      ));
    if (upload.user_id !== user.id) throw uploadErrors.notOwner();
    if (upload.status === 'FAILED') throw storedError(upload);
    if (upload.status === 'DONE') {
      await drain(body);
      return this.finished(upload);
    }
    if (upload.total_chunks !== total)
      throw uploadErrors.header('X-Total-Chunks', `nahrávanie má ${upload.total_chunks} častí, nie ${total}`);
    if (range?.total !== undefined) {
      if (upload.total_bytes === null) await this.repo.setTotalBytes(uploadId, range.total);
      else if (Number(upload.total_bytes) !== range.total)
        throw uploadErrors.header(
          'Content-Range',
          `celková veľkosť nahrávania je ${upload.total_bytes} bajtov`,
        );
    }

    // A new upload holds nothing yet; a found one said in the same query whether it has this chunk.
    if (found?.has_chunk || (!found && (await this.repo.hasChunk(uploadId, index)))) {
      await drain(body); // a resend: the first copy stays
    } else {
      // A known total was checked against the limit above; otherwise the running sum decides.
      if (range?.total === undefined) {
        const before = await this.repo.stats(uploadId);
        const length = declared ?? (range ? range.end - range.start + 1 : 0);
        if (before.bytes + length > max) return this.refuse(upload, uploadErrors.fileTooLarge(max));
      }
      await this.chunks.store(uploadId, index, range, body);
    }
    // Idle time decides the 24-hour clean-up; a write a minute is plenty to keep it current. Not
    // while assembling: updated_at is then the assembly's lease, and a touch kept a dead one alive.
    if (upload.status === 'RECEIVING' && this.ctx.clock.now() - Number(upload.updated_at) > 60_000)
      await this.repo.touch(uploadId, this.ctx.clock.now());
    const held = await this.repo.stats(uploadId);
    if (held.bytes > max) return this.refuse(upload, uploadErrors.fileTooLarge(max));
    if (held.count < total) return { status: 206, partial: { received: held.count, total } };
    return this.complete(upload);
  }

  async progress(user: SessionUser, uploadId: string): Promise<UploadProgress> {
    const upload = await this.repo.find(uploadId);
    if (!upload) return { uploadId, chunks: [], total: null, complete: false };
    if (upload.user_id !== user.id) throw uploadErrors.notOwner();
    if (upload.status === 'FAILED') throw storedError(upload);
    if (upload.status === 'DONE') {
      const { file } = (await this.finished(upload)) as { file: UploadedFile };
      const all = Array.from({ length: upload.total_chunks }, (_, i) => i);
      return { uploadId, chunks: all, total: upload.total_chunks, complete: true, file };
    }
    const chunks = await this.repo.chunkIndexes(uploadId);
    return { uploadId, chunks, total: upload.total_chunks, complete: false };
  }

  /**
   * All chunks are held: exactly one request assembles (the conditional claim); any other one
   * arriving meanwhile waits for that result, so every sender of a last chunk gets the same answer.
   */
  private async complete(upload: UploadRow): Promise<ChunkAnswer> {
    const id = upload.upload_id;
    const deadline = Date.now() + AWAIT_OTHER_MS;
    for (;;) {
      if (await this.repo.claim(id, this.ctx.clock.now(), ASSEMBLY_LEASE_MS)) return this.assemble(upload);
      const current = await this.repo.find(id);
      if (!current) throw uploadErrors.inconsistent('Nahrávanie bolo medzitým zrušené');
      if (current.status === 'DONE') return this.finished(current);
      if (current.status === 'FAILED') throw storedError(current);
      if (Date.now() > deadline)
        return { status: 206, partial: { received: upload.total_chunks, total: upload.total_chunks } };
      await sleep(100);
    }
  }

  private async assemble(upload: UploadRow): Promise<ChunkAnswer> {
    const id = upload.upload_id;
    const heartbeat = setInterval(
      () => void this.repo.heartbeat(id, this.ctx.clock.now()).catch(() => {}),
      ASSEMBLY_LEASE_MS / 4,
    );
    heartbeat.unref();
    try {
      const temp = await this.assembler.assemble(upload, upload.user_id);
      await this.temps.insertForUpload(temp, id, this.ctx.clock.now());
      await this.dropChunks(id);
      return { status: 200, file: this.present(temp.file_key, temp.mime_type) };
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return this.refuse(upload, err);
      // Our fault (disk, database): the chunks stay, and a resent chunk tries again.
      await this.repo.release(id, this.ctx.clock.now());
      throw err;
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** A refused upload stays refused with the same answer; its chunks are dropped at once. */
  private async refuse(upload: UploadRow, err: AppError): Promise<never> {
    await this.repo.fail(upload.upload_id, err, this.ctx.clock.now());
    await this.dropChunks(upload.upload_id);
    throw err;
  }

  private async dropChunks(uploadId: string): Promise<void> {
    const keys = new Set((await this.repo.chunks(uploadId)).map((c) => c.storage_key));
    await Promise.all([...keys].map((k) => this.ctx.storage.delete(k)));
    await this.repo.deleteChunkRows(uploadId);
  }

  private async finished(upload: UploadRow): Promise<ChunkAnswer> {
    return { status: 200, file: this.present(upload.file_key as string, upload.content_type) };
  }

  present(fileKey: string, mimeType: string): UploadedFile {
    return {
      fileKey,
      fileUrl: tempFileUrl(this.ctx.config.publicUrl, fileKey),
      type: mimeType.startsWith('image/') ? 'IMAGE' : 'VIDEO',
      mimeType,
    };
  }
}

const storedError = (u: UploadRow) =>
  new AppError(
    u.error_status ?? 400,
    u.error_code ?? 'UPLOAD_FAILED',
    u.error_message ?? 'Nahrávanie zlyhalo',
  );
