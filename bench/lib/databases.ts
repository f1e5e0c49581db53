import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** One database the benchmarks run on: its name for the tables, the server's env, a clean-up. */
export type DbTarget = { name: 'SQLite' | 'PostgreSQL'; env: Record<string, string>; drop(): Promise<void> };

export const postgresUrl = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/**
 * SQLite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. PostgreSQL
 * gets a fresh database of its own (not a schema), dropped afterwards, as in production.
 */
export async function databaseTargets(): Promise<DbTarget[]> {
  const targets: DbTarget[] = [{ name: 'SQLite', env: {}, drop: async () => {} }];
  const base = postgresUrl();
  if (base) targets.push(await freshPostgres(base));
  return targets;
}

async function freshPostgres(base: string): Promise<DbTarget> {
  const name = `sd_bench_${randomBytes(4).toString('hex')}`;
  await withClient(base, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    drop: () =>
      withClient(base, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
