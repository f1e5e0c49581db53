import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<void> {
  const provider = {
    async getMigrations(): Promise<Record<string, Migration>> {
      return Object.fromEntries(
        Object.entries(migrations).map(([name, m]) => [
          name,
          { up: (k: Kysely<unknown>) => m.up(k, { dialect: db.dialect }) },
        ]),
      );
    },
  };
  // Kysely looks for its bookkeeping tables in every schema: name ours, or another schema's
  // tables (a parallel test file's, a crashed run's) are mistaken for this one's.
  const migrationTableSchema =
    db.dialect === 'postgres'
      ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db.kysely)).rows[0]?.s
      : undefined;
  const { error, results } = await new Migrator({
    db: db.kysely,
    provider,
    migrationTableSchema,
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
