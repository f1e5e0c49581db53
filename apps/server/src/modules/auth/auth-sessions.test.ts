import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/tokens.ts';
import { ADMIN, startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { waitForOutbox } from '../../test/mail-capture.ts';
import { AuthRepository } from './auth.repository.ts';
import { LOGIN_LIMITS } from './login-limiter.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('session lifetime and ending sessions', () => {
  let server: TestServer;
  let adminId: number;
  beforeAll(async () => {
    server = await startServer();
    adminId = (await (await server.admin()).get('/apis/auth-check')).body.data.id;
  });
  afterAll(() => server.close());

  // Sessions here are made directly (sign-in itself is tested elsewhere): no argon2 per session.
  /** A new admin client; the clock moves a lot in this file, so nobody keeps one for long. */
  const admin = () => server.sessionFor(adminId);
  const signedIn = (remember: boolean) => server.sessionFor(adminId, remember);
  const status = async (client: HttpClient) => (await client.get('/apis/auth-check')).status;

  describe('expiry (fake clock)', () => {
    it('ends a session without remember-me after 12 h idle, and slides while used', async () => {
      const client = await signedIn(false);
      server.clock.advance(12 * HOUR - MINUTE);
      expect(await status(client)).toBe(200);
      server.clock.advance(12 * HOUR - MINUTE);
      expect(await status(client)).toBe(200);
      server.clock.advance(12 * HOUR);
      expect(await status(client)).toBe(401);
    });

    it('ends an idle session without remember-me at exactly 12 h', async () => {
      const client = await signedIn(false);
      server.clock.advance(12 * HOUR);
      expect(await status(client)).toBe(401);
    });

    it('keeps a remembered session 30 days idle, sliding, and ends it after 30 days idle', async () => {
      const client = await signedIn(true);
      server.clock.advance(29 * DAY);
      const res = await client.get('/apis/auth-check');
      expect(res.status).toBe(200);
      // Sliding: the browser's cookie moves forward too.
      const expires = /Expires=([^;]+)/i.exec(res.headers.getSetCookie().join('\n'))?.[1] as string;
      expect(Date.parse(expires)).toBeGreaterThan(server.clock.now() + 29 * DAY);
      server.clock.advance(29 * DAY);
      expect(await status(client)).toBe(200);
      server.clock.advance(30 * DAY);
      expect(await status(client)).toBe(401);
    });

    it('keeps no session past 12 h idle even when a remembered one exists beside it', async () => {
      const remembered = await signedIn(true);
      const short = await signedIn(false);
      server.clock.advance(13 * HOUR);
      expect(await status(short)).toBe(401);
      expect(await status(remembered)).toBe(200);
    });

    it('has an absolute limit however busy the session is (7 days short, 90 days remembered)', async () => {
      const short = await signedIn(false);
      const long = await signedIn(true);
      let elapsed = 0;
      while (elapsed + 11 * HOUR < 7 * DAY) {
        server.clock.advance(11 * HOUR);
        elapsed += 11 * HOUR;
        expect(await status(short)).toBe(200);
        expect(await status(long)).toBe(200);
      }
      server.clock.advance(11 * HOUR);
      elapsed += 11 * HOUR;
      expect(await status(short)).toBe(401);
      while (elapsed + 20 * DAY < 90 * DAY) {
        server.clock.advance(20 * DAY);
        elapsed += 20 * DAY;
        expect(await status(long)).toBe(200);
      }
      server.clock.advance(20 * DAY);
      expect(await status(long)).toBe(401);
    });

    it('drops an expired session from the table when it is presented', async () => {
      const client = await signedIn(false);
      const hash = hashToken(client.cookie as string);
      const rowsOf = () =>
        server.app.ctx.db.kysely
          .selectFrom('sessions')
          .select('token_hash')
          .where('token_hash', '=', hash)
          .execute();
      expect(await rowsOf()).toHaveLength(1);
      server.clock.advance(13 * HOUR);
      expect(await status(client)).toBe(401);
      expect(await rowsOf()).toEqual([]);
    });
  });

  it('housekeeping purges expired sessions, links and old attempt counters, and keeps live ones', async () => {
    const db = server.app.ctx.db.kysely;
    const live = await signedIn(true);
    const dying = await signedIn(false);
    await server.client().put('/apis/reset-password', { value: ADMIN.email });
    await server.client().request('POST', '/apis/authenticate', {
      form: { username: 'nikto@test.sk', password: 'x' },
      headers: { 'x-forwarded-for': '10.7.7.7' },
    });
    server.clock.advance(2 * DAY);
    await new AuthRepository(db).purgeExpired(server.clock.now(), LOGIN_LIMITS.windowMs);
    const hashes = (await db.selectFrom('sessions').select('token_hash').execute()).map((r) => r.token_hash);
    expect(hashes).toContain(hashToken(live.cookie as string));
    expect(hashes).not.toContain(hashToken(dying.cookie as string));
    expect(await db.selectFrom('user_tokens').selectAll().execute()).toEqual([]);
    expect(
      await db.selectFrom('login_attempts').selectAll().where('key', 'like', '%10.7.7.7%').execute(),
    ).toEqual([]);
  });

  describe('other sessions end', () => {
    async function userWithTwoSessions() {
      const a = await admin();
      const user = await a.createUser(['ADD_PHOTOS']);
      const second = await server.sessionFor(user.id);
      return { ...user, first: user.client, second, adminClient: a };
    }

    it('a password change keeps the current session and ends the others', async () => {
      const u = await userWithTwoSessions();
      const res = await u.first.put('/apis/api/v1/user/change-password', {
        oldPassword: u.password,
        newPassword: 'NoveHeslo1',
        newPasswordRepeat: 'NoveHeslo1',
      });
      expect(res.status).toBe(200);
      expect(await status(u.first)).toBe(200);
      expect(await status(u.second)).toBe(401);
    });

    it('a password reset ends every session of the account', async () => {
      const u = await userWithTwoSessions();
      expect((await server.client().put('/apis/reset-password', { value: u.email })).status).toBe(200);
      const mail = await waitForOutbox(
        server.dataDir,
        (m) => m.to === u.email && m.subject === 'Obnova hesla',
      );
      const code = new URL(mail.link as string).searchParams.get('code') as string;
      const res = await server.client().put(`/apis/reset-password/${code}`, { value: 'Resetnute1' });
      expect(res.status).toBe(200);
      expect(await status(u.first)).toBe(401);
      expect(await status(u.second)).toBe(401);
      expect((await server.client().signIn(u.email, 'Resetnute1')).status).toBe(200);
    });

    it('deactivation ends every session of the user, and they cannot sign in again', async () => {
      const u = await userWithTwoSessions();
      expect((await u.adminClient.delete(`/apis/api/v1/user/delete/${u.id}`)).status).toBe(200);
      expect(await status(u.first)).toBe(401);
      expect(await status(u.second)).toBe(401);
      const rows = await server.app.ctx.db.kysely
        .selectFrom('sessions')
        .select('token_hash')
        .where('user_id', '=', u.id)
        .execute();
      expect(rows).toEqual([]);
      await expect(server.client().signIn(u.email, u.password)).rejects.toThrow(/401/);
    });

    it('deactivation through the edit form ends the sessions too; reactivation lets them sign in', async () => {
      const u = await userWithTwoSessions();
      const body = {
        firstName: 'Test',
        lastName: 'Používateľ',
        email: u.email,
        permissions: ['ADD_PHOTOS'],
        active: false,
      };
      expect((await u.adminClient.put(`/apis/api/v1/user/update/${u.id}`, body)).status).toBe(200);
      expect(await status(u.first)).toBe(401);
      expect(await status(u.second)).toBe(401);
      const back = await u.adminClient.put(`/apis/api/v1/user/update/${u.id}`, { ...body, active: true });
      expect(back.status).toBe(200);
      expect((await server.client().signIn(u.email, u.password)).status).toBe(200);
    });

    it("an admin setting a user's password ends that user's sessions", async () => {
      const u = await userWithTwoSessions();
      const res = await u.adminClient.put(`/apis/api/v1/user/update/${u.id}`, {
        firstName: 'Test',
        lastName: 'Používateľ',
        email: u.email,
        permissions: ['ADD_PHOTOS'],
        password: 'OdAdmina1',
      });
      expect(res.status).toBe(200);
      expect(await status(u.first)).toBe(401);
      expect(await status(u.second)).toBe(401);
      expect((await server.client().signIn(u.email, 'OdAdmina1')).status).toBe(200);
    });

    it('an admin setting their own password in the user form stays signed in there, other sessions end', async () => {
      const a = await admin();
      const elsewhere = await admin();
      const me = (await a.get('/apis/auth-check')).body.data;
      const res = await a.put(`/apis/api/v1/user/update/${me.id}`, {
        firstName: me.firstName,
        lastName: me.lastName,
        email: me.email,
        admin: true,
        permissions: [],
        password: 'NoveAdmin1',
      });
      expect(res.status).toBe(200);
      expect(await status(a)).toBe(200);
      expect(await status(elsewhere)).toBe(401);
      // Put the password back for the other tests of this file.
      await a.put('/apis/api/v1/user/change-password', {
        oldPassword: 'NoveAdmin1',
        newPassword: ADMIN.password,
        newPasswordRepeat: ADMIN.password,
      });
    });

    it('an edit that does not touch the password or the active flag ends no session', async () => {
      const u = await userWithTwoSessions();
      const res = await u.adminClient.put(`/apis/api/v1/user/update/${u.id}`, {
        firstName: 'Premenovaný',
        lastName: 'Používateľ',
        email: u.email,
        permissions: ['ADD_PHOTOS', 'VIEW_GALLERY'],
        password: '',
      });
      expect(res.status).toBe(200);
      expect(await status(u.first)).toBe(200);
      const check = await u.second.get('/apis/auth-check');
      expect(check.body.data).toMatchObject({
        firstName: 'Premenovaný',
        authorities: ['ADD_PHOTOS', 'VIEW_GALLERY'],
      });
    });
  });
});
