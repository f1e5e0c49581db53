import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStrongPassword } from '@app/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { startServer, testDialect } from './test/harness.ts';
import { HttpClient } from './test/http-client.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('first start', () => {
  it('creates admin@localhost with a random password that obeys the password rule', async () => {
    const server = await startServer({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    try {
      const initial = server.app.initialAdmin;
      expect(initial?.email).toBe('admin@localhost');
      expect(isStrongPassword(initial?.password ?? '')).toBe(true);
      expect(initial?.password?.length).toBeGreaterThanOrEqual(16);
      const client = server.client();
      const res = await client.signIn('admin@localhost', initial?.password as string);
      expect(res.body.data).toMatchObject({ admin: true, changePassword: false });
      // The default address is usable everywhere an address is: the own user form, a reset request.
      const me = res.body.data;
      const saved = await client.put(`/apis/api/v1/user/update/${me.id}`, {
        firstName: me.firstName,
        lastName: me.lastName,
        email: me.email,
        admin: true,
        permissions: [],
      });
      expect(saved.status).toBe(200);
      expect((await server.client().put('/apis/reset-password', { value: 'admin@localhost' })).status).toBe(
        200,
      );
    } finally {
      await server.close();
    }
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD, and a restart on the same database creates nobody', async () => {
    const server = await startServer({ ADMIN_EMAIL: 'Sef@Stavba.sk', ADMIN_PASSWORD: 'Stavba2026' });
    try {
      expect(server.app.initialAdmin).toEqual({ email: 'Sef@Stavba.sk', password: undefined });
      await server.client().signIn('sef@stavba.sk', 'Stavba2026');
      const { ctx } = server.app;
      const schema =
        ctx.db.dialect === 'postgres'
          ? String(
              (
                await ctx.db.kysely
                  .selectNoFrom((eb) => eb.fn<string>('current_schema').as('s'))
                  .executeTakeFirstOrThrow()
              ).s,
            )
          : undefined;
      const again = await buildApp(
        { ...ctx.config, adminEmail: 'iny@stavba.sk' },
        { pgSchema: schema, logger: false },
      );
      try {
        expect(again.initialAdmin).toBeNull();
        const users = await again.ctx.db.kysely.selectFrom('users').select('email').execute();
        expect(users).toEqual([{ email: 'Sef@Stavba.sk' }]);
      } finally {
        await again.close();
      }
    } finally {
      await server.close();
    }
  });
});

/** `npm run serve` as a user runs it: a real process, configured only by its environment. */
describe('main.ts', () => {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    for (const f of cleanups) await f();
  });

  function run(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    let err = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      err += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const printed = (pattern: RegExp, timeoutMs = 20_000) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`not printed: ${pattern}\n${out}\n${err}`)), timeoutMs);
        const check = () => {
          const m = out.match(pattern);
          if (m) {
            clearTimeout(t);
            resolve(m);
          }
        };
        child.stdout?.on('data', check);
        check();
      });
    return { child, exited, printed, output: () => out + err };
  }

  it('prints the generated admin credentials once, and they sign in over HTTP', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sd-main-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    };
    if (testDialect() === 'postgres') env.DATABASE_URL = await freshPgSchemaUrl(cleanups);
    const app = run(env);
    const [, email, password] = await app.printed(/Sign in as (\S+) with the password (\S+)/);
    expect(email).toBe('admin@localhost');
    expect(isStrongPassword(password as string)).toBe(true);
    const client = new HttpClient(`http://127.0.0.1:${env.PORT}`);
    const res = await client.signIn(email as string, password as string);
    expect(res.body.data.admin).toBe(true);
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
  });

  // No database is reached: the SQLite run covers it, the PostgreSQL run does not repeat it.
  if (testDialect() === 'sqlite') {
    it('refuses to start on a malformed variable, naming it', async () => {
      const app = run({ DATA_DIR: os.tmpdir(), PORT: 'abc', TZ_GALLERY: 'Mars/Olympus' });
      expect(await app.exited).toBe(1);
      expect(app.output()).toMatch(/PORT/);
      expect(app.output()).toMatch(/TZ_GALLERY/);
      expect(app.output()).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
    });
  }
});

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** A URL whose connections live in a new, empty schema (dropped after the file). */
async function freshPgSchemaUrl(cleanups: (() => Promise<unknown>)[]): Promise<string> {
  const base = process.env.TEST_DATABASE_URL as string;
  const schema = `t_main_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  cleanups.push(() => admin(`DROP SCHEMA ${schema} CASCADE`));
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}
