import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { UsersRepository } from '../../apps/server/src/modules/users/users.repository.ts';
import { hashPassword } from '../../apps/server/src/platform/passwords.ts';
import { BENCH_ADMIN, SEED_PASSWORD, seededEmail } from './accounts.ts';
import { serveParent } from './child.ts';

/**
 * The real server for a benchmark, in its own process: a fresh DATA_DIR, the database from
 * DATABASE_URL (SQLite when unset), BENCH_SEED_USERS active accounts `bench<i>@bench.sk` with the
 * password SEED_PASSWORD, request logging off (BENCH_LOG_LEVEL to change that), and the web app
 * built in BENCH_WEB_DIST when set.
 */
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sd-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
// BENCH_WEB_DIST: also serve this build of the web app (the web benchmark).
const app = await buildApp(config, { webDist: process.env.BENCH_WEB_DIST });

const seedCount = Number(process.env.BENCH_SEED_USERS ?? 0);
if (seedCount > 0) {
  // One hash for all: every account costs the same verify, and seeding takes seconds, not minutes.
  const passwordHash = await hashPassword(SEED_PASSWORD);
  const users = new UsersRepository(app.ctx.db.kysely);
  for (let i = 0; i < seedCount; i += 1) {
    await users.insert(
      {
        firstName: 'Bench',
        lastName: `Používateľ ${i}`,
        email: seededEmail(i),
        passwordHash,
        admin: false,
        active: true,
        status: 'ACTIVE',
        changePassword: false,
        permissions: ['VIEW_GALLERY', 'ADD_PHOTOS'],
      },
      Date.now(),
    );
  }
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
serveParent(`http://127.0.0.1:${port}`, { dialect: app.ctx.db.dialect }, async () => {
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});
