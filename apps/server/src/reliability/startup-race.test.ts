import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../bootstrap.ts';
import { UsersRepository } from '../modules/users/users.repository.ts';
import { startServer, type TestServer } from '../test/harness.ts';

/**
 * Instances started together on an empty database all count no users, and all go to create the
 * first admin: only one insert can win. Before, the others stopped with DuplicateEmailError.
 */
describe('first start of several instances at once', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('lets the instance that lost the race to create the admin start normally', async () => {
    const { ctx } = server.app;
    // This instance counted before the winner's insert landed.
    const late = Object.assign(new UsersRepository(ctx.db.kysely), { count: async () => 0 });
    expect(await ensureAdmin(ctx, late)).toBeNull();
    const admins = await ctx.db.kysely.selectFrom('users').select('email').execute();
    expect(admins).toHaveLength(1);
  });
});
