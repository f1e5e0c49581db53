import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Columns and tables that change on requests that otherwise change nothing: a session's sliding
 * expiry, and the sign-in limiter's failure counters (a refused sign-in must count).
 */
export const VOLATILE: Record<string, string[] | 'all'> = {
  sessions: ['last_seen_at', 'expires_at'],
  login_attempts: 'all',
  kysely_migration: 'all',
  kysely_migration_lock: 'all',
};

export type StateDigest = { tables: Record<string, string>; files: string };

/** Every table that exists right now, so tables added by later migrations are covered too. */
async function tableNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
  return rows.map((r) => r.name).sort();
}

const stable = (value: unknown): string =>
  JSON.stringify(value, (_k, v) => {
    if (typeof v === 'bigint') return v.toString();
    if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
    if (v instanceof Date) return v.getTime();
    return v;
  });

/** A hash per table of its rows (in a stable order), and one of the data directory's files. */
export async function stateDigest(db: Db, dataDir: string): Promise<StateDigest> {
  const tables = db.dialect === 'postgres' ? await postgresTables(db) : await sqliteTables(db);
  return { tables, files: await filesDigest(dataDir) };
}

async function sqliteTables(db: Db): Promise<Record<string, string>> {
  const tables: Record<string, string> = {};
  for (const table of await tableNames(db)) {
    const skip = VOLATILE[table];
    if (skip === 'all') continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely);
    const lines = rows
      .map((row) => {
        const kept = Object.keys(row)
          .filter((c) => !skip?.includes(c))
          .sort()
          .map((c) => [c, row[c]]);
        return stable(kept);
      })
      .sort();
    tables[table] = createHash('sha256').update(lines.join('\n')).digest('hex');
  }
  return tables;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** PostgreSQL hashes every table in one round trip, which keeps a digest per request affordable. */
async function postgresTables(db: Db): Promise<Record<string, string>> {
  const { rows: columns } = await sql<{ t: string; c: string }>`select table_name as t, column_name as c
    from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`.execute(
    db.kysely,
  );
  const byTable = new Map<string, string[]>();
  for (const { t, c } of columns) {
    const skip = VOLATILE[t];
    if (skip === 'all' || skip?.includes(c)) continue;
    byTable.set(t, [...(byTable.get(t) ?? []), c]);
  }
  if (byTable.size === 0) return {};
  const parts = [...byTable].map(
    ([t, cols]) =>
      `select '${t.replaceAll("'", "''")}' as name, md5(coalesce(string_agg(r, E'\\n' order by r), '')) as digest
       from (select row(${cols.map(quote).join(', ')})::text as r from ${quote(t)}) s`,
  );
  const { rows } = await sql<{ name: string; digest: string }>`${sql.raw(parts.join(' union all '))}`.execute(
    db.kysely,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

/** Names and sizes of every file under the data directory except the SQLite database itself. */
async function filesDigest(dataDir: string): Promise<string> {
  const entries = await fs.readdir(dataDir, { recursive: true, withFileTypes: true }).catch(() => []);
  const lines: string[] = [];
  for (const e of entries) {
    if (!e.isFile() || /^app\.db(-wal|-shm|-journal)?$/.test(e.name)) continue;
    const full = path.join(e.parentPath, e.name);
    const size = await fs.stat(full).then(
      (s) => s.size,
      () => -1,
    );
    lines.push(`${path.relative(dataDir, full)}\t${size}`);
  }
  return lines.sort().join('\n');
}

/** What differs between two digests, for a failure message; empty when equal. */
export function digestDiff(before: StateDigest, after: StateDigest): string[] {
  const names = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  const diff = [...names].filter((t) => before.tables[t] !== after.tables[t]).map((t) => `table ${t}`);
  if (before.files !== after.files) diff.push('files in DATA_DIR');
  return diff;
}
