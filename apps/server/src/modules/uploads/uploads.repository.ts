import type { Kysely, Selectable } from 'kysely';
import type { Database, UploadChunksTable, UploadsTable } from '../../db/types.ts';

export type UploadRow = Selectable<UploadsTable>;
export type ChunkRow = Selectable<UploadChunksTable>;

export type NewUpload = {
  uploadId: string;
  userId: number;
  contentType: string;
  totalChunks: number;
  totalBytes: number | null;
};

/** Upload sessions and their chunks: the protocol's whole state, so any instance can take any chunk. */
export class UploadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(uploadId: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();
  }

  /** The first chunk's sender becomes the owner; a concurrent first chunk of another user loses. */
  async createIfAbsent(u: NewUpload, now: number): Promise<UploadRow> {
    await this.db
      .insertInto('uploads')
      .values({
        upload_id: u.uploadId,
        user_id: u.userId,
        content_type: u.contentType,
        total_chunks: u.totalChunks,
        total_bytes: u.totalBytes,
        status: 'RECEIVING',
        file_key: null,
        error_status: null,
        error_code: null,
        error_message: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('upload_id').doNothing())
      .execute();
    return (await this.find(u.uploadId)) as UploadRow;
  }

  async setTotalBytes(uploadId: string, totalBytes: number): Promise<void> {
    await this.db
      .updateTable('uploads')
      .set({ total_bytes: totalBytes })
      .where('upload_id', '=', uploadId)
      .where('total_bytes', 'is', null)
      .execute();
  }

  /** The upload and whether it already holds chunk `index`, in one round trip. */
  async findWithChunk(
    uploadId: string,
    index: number,
  ): Promise<(UploadRow & { has_chunk: boolean }) | undefined> {
    const row = await this.db
      .selectFrom('uploads')
      .selectAll('uploads')
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('upload_chunks')
              .select('chunk_index')
              .where('upload_chunks.upload_id', '=', uploadId)
              .where('upload_chunks.chunk_index', '=', index),
          )
          .as('has_chunk'),
      )
      .where('uploads.upload_id', '=', uploadId)
      .executeTakeFirst();
    return row && { ...row, has_chunk: row.has_chunk === true || Number(row.has_chunk) === 1 };
  }

  async hasChunk(uploadId: string, index: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('upload_chunks')
      .select('chunk_index')
      .where('upload_id', '=', uploadId)
      .where('chunk_index', '=', index)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** False when the chunk was already held (a resend): the first copy stays. */
  async insertChunk(c: Omit<ChunkRow, 'created_at'>, now: number): Promise<boolean> {
    const res = await this.db
      .insertInto('upload_chunks')
      .values({ ...c, created_at: now })
      .onConflict((oc) => oc.columns(['upload_id', 'chunk_index']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async stats(uploadId: string): Promise<{ count: number; bytes: number }> {
    const row = await this.db
      .selectFrom('upload_chunks')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('size').as('bytes')])
      .where('upload_id', '=', uploadId)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), bytes: Number(row.bytes ?? 0) };
  }

  chunks(uploadId: string): Promise<ChunkRow[]> {
    return this.db
      .selectFrom('upload_chunks')
      .selectAll()
      .where('upload_id', '=', uploadId)
      .orderBy('chunk_index')
      .execute();
  }

  async chunkIndexes(uploadId: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('upload_chunks')
      .select('chunk_index')
      .where('upload_id', '=', uploadId)
      .orderBy('chunk_index')
      .execute();
    return rows.map((r) => r.chunk_index);
  }

  async touch(uploadId: string, now: number): Promise<void> {
    await this.db.updateTable('uploads').set({ updated_at: now }).where('upload_id', '=', uploadId).execute();
  }

  /**
   * Takes the assembly for this caller: exactly one of any number of concurrent callers, on any
   * instance, gets true. An assembly whose lease ran out (its instance died) can be taken over.
   */
  async claim(uploadId: string, now: number, leaseMs: number): Promise<boolean> {
    const res = await this.db
      .updateTable('uploads')
      .set({ status: 'ASSEMBLING', updated_at: now })
      .where('upload_id', '=', uploadId)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'RECEIVING'),
          eb.and([eb('status', '=', 'ASSEMBLING'), eb('updated_at', '<', now - leaseMs)]),
        ]),
      )
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Keeps the lease of a long assembly. */
  async heartbeat(uploadId: string, now: number): Promise<void> {
    await this.db
      .updateTable('uploads')
      .set({ updated_at: now })
      .where('upload_id', '=', uploadId)
      .where('status', '=', 'ASSEMBLING')
      .execute();
  }

  /** Back to receiving after an assembly failed for a reason of ours: a resent chunk retries it. */
  async release(uploadId: string, now: number): Promise<void> {
    await this.db
      .updateTable('uploads')
      .set({ status: 'RECEIVING', updated_at: now })
      .where('upload_id', '=', uploadId)
      .where('status', '=', 'ASSEMBLING')
      .execute();
  }

  async fail(uploadId: string, error: { status: number; code: string; message: string }, now: number) {
    await this.db
      .updateTable('uploads')
      .set({
        status: 'FAILED',
        error_status: error.status,
        error_code: error.code,
        error_message: error.message.slice(0, 300),
        updated_at: now,
      })
      .where('upload_id', '=', uploadId)
      .execute();
  }

  async deleteChunkRows(uploadId: string): Promise<void> {
    await this.db.deleteFrom('upload_chunks').where('upload_id', '=', uploadId).execute();
  }

  /** Uploads idle since `cutoff`, whatever their state. */
  async idleSince(cutoff: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('uploads')
      .select('upload_id')
      .where('updated_at', '<', cutoff)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.upload_id);
  }

  /** Deletes the upload (its chunk rows go with it) if it is still idle; returns the chunk keys it had. */
  async deleteIdle(uploadId: string, cutoff: number): Promise<string[] | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const keys = await trx
        .selectFrom('upload_chunks')
        .select('storage_key')
        .where('upload_id', '=', uploadId)
        .execute();
      const res = await trx
        .deleteFrom('uploads')
        .where('upload_id', '=', uploadId)
        .where('updated_at', '<', cutoff)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1 ? keys.map((k) => k.storage_key) : undefined;
    });
  }

  async chunkKeyExists(key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('upload_chunks')
      .select('chunk_index')
      .where('storage_key', '=', key)
      .executeTakeFirst();
    return row !== undefined;
  }
}
