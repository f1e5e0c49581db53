import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, MediaItemsTable, TempFilesTable } from '../../db/types.ts';

export type TempFileRow = Selectable<TempFilesTable>;
export type MediaItemRow = Selectable<MediaItemsTable>;
export type ActiveSite = { id: number; name: string; code: string; active: boolean };

/** Temp files waiting for assignment, and the assignment itself (the only writer of media_items). */
export class TempFilesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  find(fileKey: string): Promise<TempFileRow | undefined> {
    return this.db.selectFrom('temp_files').selectAll().where('file_key', '=', fileKey).executeTakeFirst();
  }

  /** The finished file and its upload's completion are one fact: both or neither. */
  async insertForUpload(row: TempFileRow, uploadId: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('temp_files').values(row).execute();
      await trx
        .updateTable('uploads')
        .set({ status: 'DONE', file_key: row.file_key, content_type: row.mime_type, updated_at: now })
        .where('upload_id', '=', uploadId)
        .execute();
    });
  }

  /** Removes the row if it is still there (and, with `olderThan`, still that old); true if this call removed it. */
  async delete(fileKey: string, olderThan?: number): Promise<boolean> {
    let q = this.db.deleteFrom('temp_files').where('file_key', '=', fileKey);
    if (olderThan !== undefined) q = q.where('created_at', '<', olderThan);
    const res = await q.executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  async createdBefore(cutoff: number, limit: number): Promise<TempFileRow[]> {
    return this.db
      .selectFrom('temp_files')
      .selectAll()
      .where('created_at', '<', cutoff)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: TempFilesRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new TempFilesRepository(trx, this.dialect), trx));
  }

  /**
   * The site, locked until the transaction ends (PostgreSQL): assignments to one site queue, so
   * two copies of the same bytes cannot both pass the duplicate check. SQLite runs one write
   * transaction at a time anyway.
   */
  async lockSite(siteId: number): Promise<ActiveSite | undefined> {
    let q = this.db.selectFrom('sites').select(['id', 'name', 'code', 'active']).where('id', '=', siteId);
    if (this.dialect === 'postgres') q = q.forUpdate();
    const row = await q.executeTakeFirst();
    return row && { id: row.id, name: row.name, code: row.code, active: row.active === 1 };
  }

  findMediaBySha(siteId: number, sha256: string): Promise<MediaItemRow | undefined> {
    return this.db
      .selectFrom('media_items')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('sha256', '=', sha256)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  async insertMedia(row: Insertable<MediaItemsTable>): Promise<MediaItemRow> {
    return this.db.insertInto('media_items').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async authorName(userId: number): Promise<string> {
    const u = await this.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return `${u.first_name} ${u.last_name}`;
  }

  async tempFileExistsWithPrefix(fileKey: string): Promise<boolean> {
    return (await this.find(fileKey)) !== undefined;
  }
}
