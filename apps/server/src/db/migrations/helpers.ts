import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database.ts';

export type MigrationContext = { dialect: Dialect };

/** An auto-incrementing integer primary key `id`, in each dialect's own way. */
export function addId<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
