import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDb, type Db } from '../db/database.ts';
import { ADMIN, testDialect } from '../test/harness.ts';
import { HttpClient } from '../test/http-client.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
/** Starting is a tsx compile and migrations; on a busy machine that can take a while. */
const START_TIMEOUT_MS = 90_000;

/**
 * Where server processes keep their state: a temp DATA_DIR and, on PostgreSQL, a schema of its
 * own (chosen through the URL, as an operator could). `db()` is the test's own connection to it.
 */
export type Place = {
  dataDir: string;
  databaseUrl: string | undefined;
  db(): Db;
  drop(): Promise<void>;
};

export async function newPlace(): Promise<Place> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sd-reliability-'));
  let databaseUrl: string | undefined;
  let pgSchema: string | undefined;
  if (testDialect() === 'postgres') {
    const base = process.env.TEST_DATABASE_URL as string;
    pgSchema = `t_rel_${randomBytes(5).toString('hex')}`;
    await pgAdmin(base, `CREATE SCHEMA ${pgSchema}`);
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${pgSchema}`);
    databaseUrl = url.toString();
  }
  let db: Db | undefined;
  return {
    dataDir,
    databaseUrl,
    db: () => {
      db ??= createDb({ dataDir, databaseUrl, pgSchema });
      return db;
    },
    async drop() {
      await db?.destroy();
      if (pgSchema) await pgAdmin(process.env.TEST_DATABASE_URL as string, `DROP SCHEMA ${pgSchema} CASCADE`);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** A client of this process holding `cookie` (a session lives in the database, not the process). */
  client(cookie?: string): HttpClient;
  admin(): Promise<HttpClient>;
  /** SIGKILL: no shutdown hook runs, as when the machine loses power or the OOM killer strikes. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
};

const running = new Set<ChildProcess>();

/** `node --import tsx apps/server/src/main.ts` on `place`, as an operator starts it. */
export async function startProcess(place: Place, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: place.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      FFMPEG_PATH: 'off',
      HEIF_CONVERT_PATH: 'off',
      ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in time:\n${out}`)), START_TIMEOUT_MS);
    const check = () => {
      if (!/is running on/.test(out)) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening:\n${out}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    child,
    client(cookie) {
      const c = new HttpClient(url);
      c.cookie = cookie;
      return c;
    },
    async admin() {
      const c = new HttpClient(url);
      await c.signIn(ADMIN.email, ADMIN.password);
      return c;
    },
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    output: () => out,
  };
}

/** For afterAll: nothing started here outlives its test file. */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...running].map(
      (c) =>
        new Promise<void>((resolve) => {
          c.once('exit', () => resolve());
          c.kill('SIGKILL');
        }),
    ),
  );
}

/** Polls `check` every 20 ms until it holds. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Not in time: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

async function pgAdmin(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}
