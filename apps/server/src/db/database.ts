import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './types.ts';

export type Dialect = 'sqlite' | 'postgres';

export type Db = {
  kysely: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
};

export type DbOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: run in this schema (tests give every file its own). */
  pgSchema?: string;
};

// bigint (int8) holds our epoch-millisecond timestamps: read it as a number, as SQLite does.
pg.types.setTypeParser(20, (v) => Number(v));

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:/.test(url);
}

export function createDb(options: DbOptions): Db {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: options.pgSchema ? `-c search_path=${options.pgSchema}` : undefined,
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', destroy: () => kysely.destroy() };
  }
  const file = sqliteFile(options);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: reusingStatements(sqlite) }),
  });
  return { kysely, dialect: 'sqlite', destroy: () => kysely.destroy() };
}

/**
 * Kysely asks better-sqlite3 to prepare every query anew, and preparing (parsing and planning the
 * SQL) cost as much server CPU as running it (a profile of auth-check). Statements are kept by
 * their SQL text, least recently used dropped past `max` (lists of varying length make new texts).
 * Sharing a statement is safe: Kysely runs one query at a time on SQLite's single connection.
 */
export function reusingStatements(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = statements.get(sql);
      if (stmt) {
        statements.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, stmt);
      return stmt;
    },
  };
}

function sqliteFile({ databaseUrl, dataDir }: DbOptions): string {
  if (databaseUrl?.startsWith('sqlite:') || databaseUrl?.startsWith('file:')) {
    return databaseUrl.replace(/^(sqlite|file):(\/\/)?/, '');
  }
  return path.join(dataDir, 'app.db');
}

/** Booleans are stored as 0/1 on both databases. */
export const toInt = (b: boolean): number => (b ? 1 : 0);
export const toBool = (n: number | boolean | null | undefined): boolean => n === 1 || n === true;

/** Accent- and case-folding used for every search column and every search term. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** A LIKE pattern matching `term` anywhere, with LIKE's wildcards escaped (use with ESCAPE '\'). */
export function containsPattern(term: string): string {
  return `%${fold(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
