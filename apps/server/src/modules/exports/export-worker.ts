import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundInStorage, type Storage } from '../../platform/storage/storage.ts';
import type { Cursor, ExportItem, ExportMediaRepository, Selection } from './export-media.repository.ts';
import type { ExportSelector } from './export-selection.ts';
import {
  completedMessage,
  failedMessage,
  GAVE_UP_MESSAGE,
  GENERIC_FAILURE,
  PENDING_MESSAGE,
  progressMessage,
  STARTING_MESSAGE,
} from './export-texts.ts';
import type { ExportRecord, ExportsRepository } from './exports.repository.ts';
import { ExportLayout } from './zip-names.ts';
import { ZipWriter } from './zip-writer.ts';

export type WorkerOptions = {
  repo: ExportsRepository;
  media: ExportMediaRepository;
  selector: ExportSelector;
  storage: Storage;
  clock: Clock;
  log: FastifyBaseLogger;
  timeZone: string;
  /** How long a claim holds without renewal; a crashed worker's export is free again after it. */
  leaseMs?: number;
  /** How often progress is written and the lease renewed (real time). */
  progressMs?: number;
  batchSize?: number;
};

export const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 5;

/** Why an export stopped without an end of its own: the lease was lost, or the app is closing. */
class Interrupted extends Error {}

/** A media item whose stored file is missing or not the size recorded. */
class ItemError extends Error {
  constructor(
    readonly itemId: number,
    readonly reason: string,
  ) {
    super(`Media item ${itemId}: ${reason}`);
  }
}

export type Outcome = 'COMPLETED' | 'FAILED' | 'LOST' | 'RELEASED';

/**
 * Turns queued export rows into ZIP files in storage, one at a time per instance. Any number of
 * instances may run one: the row is claimed with a lease, renewed while working; a row whose
 * lease ran out (its worker died) is claimed again and done from scratch.
 */
export class ExportWorker {
  /** The last 100 exports this worker ended, with the outcome (tests look). */
  readonly history: { id: number; outcome: Outcome }[] = [];
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly abortCurrent = new Set<(err: Error) => void>();
  private readonly o: Required<WorkerOptions>;

  constructor(options: WorkerOptions) {
    this.o = { leaseMs: LEASE_MS, progressMs: 1000, batchSize: 200, ...options };
  }

  /** Works until no export is waiting; a kick while working makes it look once more. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.drain();
        } while (this.again && !this.stopped);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Stops claiming; an export in progress is handed back to the queue (PENDING) for a redo. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const abort of this.abortCurrent) abort(new Interrupted('The app is closing'));
    await this.running?.catch(() => {});
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const token = randomBytes(12).toString('hex');
      const job = await this.o.repo.claim(token, this.o.clock.now(), this.o.leaseMs, STARTING_MESSAGE);
      if (!job) return;
      const outcome = await this.process(job, token);
      this.history.push({ id: job.id, outcome });
      if (this.history.length > 100) this.history.shift();
    }
  }

  /**
   * One claimed export, start to end, its end written to the row. Only a database failure
   * throws; the row then stays claimed until its lease runs out and is redone.
   */
  async process(job: ExportRecord, token: string): Promise<Outcome> {
    const { repo, storage, clock, log } = this.o;
    if (job.attempts > MAX_ATTEMPTS) {
      await repo.finish(job.id, token, { status: 'FAILED', message: GAVE_UP_MESSAGE }, clock.now());
      return 'FAILED';
    }
    const writer = new ZipWriter();
    const key = `exports/${job.id}-${token}.zip`;
    const stored = storage.put(key, writer.output);
    stored.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
    const abort = (err: Error) => writer.abort(err);
    this.abortCurrent.add(abort);
    let totals = { count: 0, bytes: 0 };
    const progress = async () => {
      const message = progressMessage(writer.filesDone, totals.count, writer.bytesWritten, totals.bytes);
      if (!(await repo.renew(job.id, token, clock.now(), this.o.leaseMs, message))) {
        writer.abort(new Interrupted('Lease lost'));
      }
    };
    const timer = setInterval(() => {
      progress().catch((err) => log.warn({ err, exportId: job.id }, 'Export progress not saved'));
    }, this.o.progressMs);
    timer.unref();
    try {
      const selection = await this.o.selector.resolve(job.filters, job.maxMediaId);
      totals = await this.o.media.totals(selection);
      await progress();
      await this.feed(writer, selection, job);
      writer.end();
      const object = await stored;
      clearInterval(timer);
      const done = {
        status: 'COMPLETED' as const,
        message: completedMessage(writer.filesDone, object.size),
        storageKey: key,
        fileCount: writer.filesDone,
        zipSize: object.size,
      };
      if (await repo.finish(job.id, token, done, clock.now())) return 'COMPLETED';
      await storage.delete(key);
      return 'LOST';
    } catch (caught) {
      clearInterval(timer);
      const err = writer.error ?? (caught as Error);
      writer.abort(err);
      await stored.catch(() => {});
      await storage.delete(key).catch(() => {});
      return this.endAfterError(job, token, err, writer.current?.id);
    } finally {
      this.abortCurrent.delete(abort);
    }
  }

  /** Batch after batch of items into the ZIP; the next batch is read while the last file streams. */
  private async feed(writer: ZipWriter, selection: Selection, job: ExportRecord): Promise<void> {
    const layout = new ExportLayout(this.o.timeZone);
    let cursor: Cursor | undefined;
    for (;;) {
      const items = await this.o.media.batch(selection, cursor, this.o.batchSize);
      await writer.add(items.map((item) => this.source(item, layout)));
      if (items.length < this.o.batchSize) return;
      cursor = items[items.length - 1];
      if (this.stopped) throw new Interrupted(`Export ${job.id} interrupted`);
    }
  }

  private source(item: ExportItem, layout: ExportLayout) {
    return {
      id: item.id,
      path: layout.pathOf(item),
      size: item.size,
      mtime: new Date(item.takenAt),
      open: () =>
        this.o.storage.get(item.storageKey).catch((err: unknown) => {
          throw err instanceof NotFoundInStorage ? new ItemError(item.id, 'missing') : err;
        }),
    };
  }

  private async endAfterError(
    job: ExportRecord,
    token: string,
    err: Error,
    itemId: number | undefined,
  ): Promise<Outcome> {
    const { repo, clock, log } = this.o;
    if (err instanceof Interrupted) {
      if (!this.stopped) return 'LOST';
      const released = await repo
        .finish(job.id, token, { status: 'PENDING', message: PENDING_MESSAGE }, clock.now())
        .catch(() => false);
      return released ? 'RELEASED' : 'LOST';
    }
    let reason = GENERIC_FAILURE;
    if (err instanceof ItemError) reason = `súbor položky č. ${err.itemId} sa v úložisku nenašiel.`;
    else if (/unexpected number of bytes/.test(err.message)) {
      reason = `súbor položky č. ${itemId} v úložisku nemá zaznamenanú veľkosť.`;
    }
    if (reason === GENERIC_FAILURE) log.error({ err, exportId: job.id }, 'Export failed');
    else log.warn({ exportId: job.id, reason }, 'Export failed');
    const failed = await repo.finish(
      job.id,
      token,
      { status: 'FAILED', message: failedMessage(reason) },
      clock.now(),
    );
    return failed ? 'FAILED' : 'LOST';
  }
}
