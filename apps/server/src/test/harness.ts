import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { AuthRepository } from '../modules/auth/auth.repository.ts';
import { SessionsService } from '../modules/auth/sessions.service.ts';
import type { Clock } from '../platform/clock.ts';
import { HttpClient } from './http-client.ts';

export const ADMIN = { email: 'admin@test.sk', password: 'Admin123' };

/** A clock the test moves by hand, to expire tokens and sessions without waiting. */
export class TestClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

export type TestServer = {
  app: App;
  url: string;
  clock: TestClock;
  dataDir: string;
  dialect: 'sqlite' | 'postgres';
  client(): HttpClient;
  admin(): Promise<HttpClient>;
  /** Closes the app and builds a new one on the same DATA_DIR, database and port (sessions survive). */
  restart(): Promise<void>;
  /** A second instance on the same DATA_DIR and database, as behind a load balancer; close it first. */
  spawnInstance(): Promise<{ app: App; url: string; close(): Promise<void> }>;
  /**
   * A client holding a fresh session of a user, made the way sign-in makes one but without the
   * argon2 check: for tests that need many sessions (the authority matrix).
   */
  sessionFor(userId: number, remember?: boolean): Promise<HttpClient>;
  close(): Promise<void>;
};

export const testDialect = (): 'sqlite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * A real server on a random port with a fresh database: a temp SQLite file, or (TEST_DB=postgres)
 * a schema of its own in TEST_DATABASE_URL, dropped on close. `env` overrides configuration.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { webDist?: string } = {},
): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sd-test-'));
  const dialect = testDialect();
  let pgSchema: string | undefined;
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    pgSchema = `t_${randomBytes(6).toString('hex')}`;
    await withPg(url, (c) => c.query(`CREATE SCHEMA ${pgSchema}`));
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(dialect === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
    ...env,
  });
  const clock = new TestClock();
  let app = await buildApp(config, { clock, pgSchema, webDist: opts.webDist, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = portOf(app);
  const url = `http://127.0.0.1:${port}`;
  return {
    get app() {
      return app;
    },
    url,
    clock,
    dataDir,
    dialect,
    client: () => new HttpClient(url),
    async admin() {
      const c = new HttpClient(url);
      await c.signIn(ADMIN.email, ADMIN.password);
      return c;
    },
    async restart() {
      await closeApp(app);
      // The pause lets clients see their kept-alive sockets close (building the app below may not
      // yield to the event loop), so the next request opens a connection to the new instance.
      await new Promise((resolve) => setTimeout(resolve, 50));
      app = await buildApp(config, { clock, pgSchema, webDist: opts.webDist, logger: false });
      await app.listen({ port, host: '127.0.0.1' });
    },
    async spawnInstance() {
      const other = await buildApp(config, { clock, pgSchema, logger: false });
      await other.listen({ port: 0, host: '127.0.0.1' });
      return { app: other, url: `http://127.0.0.1:${portOf(other)}`, close: () => other.close() };
    },
    async sessionFor(userId, remember = true) {
      const kysely = app.ctx.db.kysely;
      const sessions = new SessionsService(app.ctx, new AuthRepository(kysely));
      const c = new HttpClient(url);
      c.cookie = (await sessions.create(userId, remember)).token;
      return c;
    },
    async close() {
      await closeApp(app);
      if (pgSchema)
        await withPg(process.env.TEST_DATABASE_URL as string, (c) =>
          c.query(`DROP SCHEMA ${pgSchema} CASCADE`),
        );
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Closes an app without waiting for kept-alive connections: a response the client has read in
 * full may not count as finished on the server yet, and such a socket would hold close() open
 * for the whole keep-alive timeout.
 */
async function closeApp(app: App): Promise<void> {
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
}

function portOf(app: App): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
