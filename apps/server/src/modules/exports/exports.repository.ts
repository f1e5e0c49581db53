import type { ExportFilters, ExportStatusId } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import type { Database, ExportsTable } from '../../db/types.ts';

export type ExportRecord = {
  id: number;
  userId: number;
  name: string;
  fileName: string;
  filters: ExportFilters;
  maxMediaId: number;
  status: ExportStatusId;
  message: string;
  storageKey: string | null;
  fileCount: number | null;
  zipSize: number | null;
  attempts: number;
  lockedBy: string | null;
  lockedUntil: number | null;
  createdAt: number;
  finishedAt: number | null;
};

export type NewExport = Pick<
  ExportRecord,
  'userId' | 'name' | 'fileName' | 'filters' | 'maxMediaId' | 'message'
>;

const toRecord = (r: Selectable<ExportsTable>): ExportRecord => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  fileName: r.file_name,
  filters: JSON.parse(r.filters) as ExportFilters,
  maxMediaId: r.max_media_id,
  status: r.status,
  message: r.message,
  storageKey: r.storage_key,
  fileCount: r.file_count,
  zipSize: r.zip_size === null ? null : Number(r.zip_size),
  attempts: r.attempts,
  lockedBy: r.locked_by,
  lockedUntil: r.locked_until === null ? null : Number(r.locked_until),
  createdAt: Number(r.created_at),
  finishedAt: r.finished_at === null ? null : Number(r.finished_at),
});

/** The export rows: the list users see and the job queue workers claim from. */
export class ExportsRepository {
  private readonly db: Kysely<Database>;
  private readonly dialect: Dialect;

  constructor(db: Db) {
    this.db = db.kysely;
    this.dialect = db.dialect;
  }

  async insert(e: NewExport, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('exports')
      .values({
        user_id: e.userId,
        name: e.name,
        file_name: e.fileName,
        filters: JSON.stringify(e.filters),
        max_media_id: e.maxMediaId,
        status: 'PENDING',
        message: e.message,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async findById(id: number): Promise<ExportRecord | undefined> {
    const r = await this.db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toRecord(r);
  }

  /** Newest first; `userId` undefined lists everyone's (an admin's view). */
  async page(userId: number | undefined, page: number, size: number) {
    let base = this.db.selectFrom('exports');
    if (userId !== undefined) base = base.where('user_id', '=', userId);
    const [{ n }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return { content: rows.map(toRecord), total: Number(n) };
  }

  async countUnfinished(userId: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('exports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['PENDING', 'PROCESSING'])
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /**
   * Takes the oldest waiting export, or one whose worker's lease ran out, for `token` until
   * `now + leaseMs`. One statement: SQLite runs it under its write lock; on PostgreSQL
   * `FOR UPDATE SKIP LOCKED` lets concurrent instances each take a different row, never the same.
   */
  async claim(
    token: string,
    now: number,
    leaseMs: number,
    message: string,
  ): Promise<ExportRecord | undefined> {
    const row = await this.db
      .updateTable('exports')
      .set((eb) => ({
        status: 'PROCESSING',
        locked_by: token,
        locked_until: now + leaseMs,
        attempts: eb('attempts', '+', 1),
        message,
        updated_at: now,
      }))
      .where('id', '=', (eb) => {
        let next = eb
          .selectFrom('exports')
          .select('id')
          .where((w) =>
            w.or([
              w('status', '=', 'PENDING'),
              w.and([w('status', '=', 'PROCESSING'), w('locked_until', '<', now)]),
            ]),
          )
          .orderBy('id')
          .limit(1);
        if (this.dialect === 'postgres') next = next.forUpdate().skipLocked();
        return next;
      })
      .returningAll()
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Extends the lease and updates the progress; false when the lease is no longer ours. */
  async renew(id: number, token: string, now: number, leaseMs: number, message: string): Promise<boolean> {
    const r = await this.db
      .updateTable('exports')
      .set({ locked_until: now + leaseMs, message, updated_at: now })
      .where('id', '=', id)
      .where('locked_by', '=', token)
      .where('status', '=', 'PROCESSING')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Ends an export this worker holds; false when another worker took it over meanwhile. */
  async finish(
    id: number,
    token: string,
    end:
      | { status: 'COMPLETED'; message: string; storageKey: string; fileCount: number; zipSize: number }
      | { status: 'FAILED'; message: string }
      | { status: 'PENDING'; message: string },
    now: number,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('exports')
      .set((eb) => ({
        status: end.status,
        message: end.message,
        ...(end.status === 'COMPLETED'
          ? { storage_key: end.storageKey, file_count: end.fileCount, zip_size: end.zipSize }
          : {}),
        // Handed back (shutdown): the next claim redoes it, and this attempt does not count.
        ...(end.status === 'PENDING' ? { attempts: eb('attempts', '-', 1) } : {}),
        locked_by: null,
        locked_until: null,
        updated_at: now,
        finished_at: end.status === 'PENDING' ? null : now,
      }))
      .where('id', '=', id)
      .where('locked_by', '=', token)
      .where('status', '=', 'PROCESSING')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Exports created before `before`, oldest first. */
  async createdBefore(before: number, limit: number): Promise<{ id: number; storageKey: string | null }[]> {
    const rows = await this.db
      .selectFrom('exports')
      .select(['id', 'storage_key'])
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, storageKey: r.storage_key }));
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('exports').where('id', '=', id).execute();
  }

  /** Whether a row points at `storageKey` (the sweep of files no export owns). */
  async ownsKey(storageKey: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('exports')
      .select('id')
      .where('storage_key', '=', storageKey)
      .executeTakeFirst();
    return r !== undefined;
  }
}
