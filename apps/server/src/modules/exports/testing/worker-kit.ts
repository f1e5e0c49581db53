import { sql } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Storage } from '../../../platform/storage/storage.ts';
import { ExportWorker, type WorkerOptions } from '../export-worker.ts';
import { exportsOf } from '../exports.module.ts';

/** Another worker over the same app's database, with options of the test's choosing. */
export function workerFor(ctx: AppContext, options: Partial<WorkerOptions> = {}): ExportWorker {
  const m = exportsOf(ctx);
  return new ExportWorker({
    repo: m.repo,
    media: m.media,
    selector: m.selector,
    storage: ctx.storage,
    clock: ctx.clock,
    log: ctx.log,
    timeZone: ctx.config.tzGallery,
    ...options,
  });
}

/** A gate a test opens by hand. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * `inner`, except that every read first reports itself, waits for `until`, then `delayMs` more.
 */
export function heldStorage(
  inner: Storage,
  until: Promise<void>,
  onRead: () => void = () => {},
  delayMs = 0,
): Storage {
  return {
    put: (key, body) => inner.put(key, body),
    get: async (key, range) => {
      onRead();
      await until;
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      return inner.get(key, range);
    },
    stat: (key) => inner.stat(key),
    delete: (key) => inner.delete(key),
    move: (from, to) => inner.move(from, to),
    list: (prefix) => inner.list(prefix),
    localPath: (key) => inner.localPath?.(key) ?? key,
  };
}

/** The PostgreSQL schema the app runs in (a second instance joins it), or undefined on SQLite. */
export async function pgSchemaOf(ctx: AppContext): Promise<string | undefined> {
  if (ctx.db.dialect !== 'postgres') return undefined;
  const r = await sql<{ s: string }>`select current_schema() as s`.execute(ctx.db.kysely);
  return r.rows[0]?.s;
}

export async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('Condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
