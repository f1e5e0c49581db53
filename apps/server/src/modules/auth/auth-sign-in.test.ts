import { AUTHORITIES } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/tokens.ts';
import { ADMIN, startServer, type TestServer } from '../../test/harness.ts';
import { HttpClient, type HttpResponse } from '../../test/http-client.ts';

const sessionCookie = (res: HttpResponse) => res.headers.getSetCookie().find((c) => c.startsWith('SESSION='));

describe('sign-in, auth-check and logout', () => {
  let server: TestServer;
  let admin: HttpClient;
  beforeAll(async () => {
    server = await startServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  const signInForm = (client: HttpClient, form: Record<string, string>) =>
    client.request('POST', '/apis/authenticate', { form });

  it('signs in with a form-encoded body and answers the current user', async () => {
    const client = server.client();
    const res = await signInForm(client, { username: ADMIN.email, password: ADMIN.password });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email: ADMIN.email,
      firstName: 'Admin',
      admin: true,
      changePassword: false,
      authorities: [...AUTHORITIES],
    });
    expect(client.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const res = await signInForm(server.client(), {
      username: `  ${ADMIN.email.toUpperCase()} `,
      password: ADMIN.password,
    });
    expect(res.status).toBe(200);
  });

  it('without remember-me sets a browser-session cookie (no Expires, no Max-Age)', async () => {
    const res = await signInForm(server.client(), { username: ADMIN.email, password: ADMIN.password });
    const cookie = sessionCookie(res) ?? '';
    expect(cookie).toMatch(/^SESSION=[^;]+;/);
    expect(cookie).not.toMatch(/Expires=/i);
    expect(cookie).not.toMatch(/Max-Age=/i);
  });

  it('with remember-me sets a persistent cookie expiring in 30 days', async () => {
    const res = await signInForm(server.client(), {
      username: ADMIN.email,
      password: ADMIN.password,
      'remember-me': 'on',
    });
    const expires = /Expires=([^;]+)/i.exec(sessionCookie(res) ?? '')?.[1];
    expect(expires).toBeDefined();
    const days = (Date.parse(expires as string) - server.clock.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('treats remember-me=false like an unticked box', async () => {
    const res = await signInForm(server.client(), {
      username: ADMIN.email,
      password: ADMIN.password,
      'remember-me': 'false',
    });
    expect(sessionCookie(res)).not.toMatch(/Expires=/i);
  });

  it('sets the cookie HttpOnly, SameSite=Lax, path / and not Secure over an http PUBLIC_URL', async () => {
    const res = await signInForm(server.client(), { username: ADMIN.email, password: ADMIN.password });
    const cookie = sessionCookie(res) ?? '';
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it('issues a new token at every sign-in and ends the session it replaces', async () => {
    const client = server.client();
    await client.signIn(ADMIN.email, ADMIN.password);
    const first = client.cookie as string;
    await client.signIn(ADMIN.email, ADMIN.password);
    const second = client.cookie as string;
    expect(second).not.toBe(first);
    expect((await client.get('/apis/auth-check')).status).toBe(200);
    const stale = new HttpClient(server.url);
    stale.cookie = first;
    expect((await stale.get('/apis/auth-check')).status).toBe(401);
  });

  it('keeps the current session when a sign-in over it fails', async () => {
    const client = server.client();
    await client.signIn(ADMIN.email, ADMIN.password);
    const current = client.cookie as string;
    const sessions = () => server.app.ctx.db.kysely.selectFrom('sessions').select('token_hash').execute();
    const before = await sessions();
    for (const [i, [username, password]] of [
      [ADMIN.email, 'Wrong1234'],
      ['nobody@test.sk', 'Heslo123'],
    ].entries()) {
      const res = await client.request('POST', '/apis/authenticate', {
        form: { username, password },
        headers: { 'x-forwarded-for': `10.2.0.${i + 1}` },
      });
      expect(res.status).toBe(401);
      // At most the sliding refresh of the same session, never a new or a cleared cookie.
      const set = sessionCookie(res);
      if (set) expect(set).toMatch(new RegExp(`^SESSION=${current};`));
    }
    expect(client.cookie).toBe(current);
    expect((await client.get('/apis/auth-check')).status).toBe(200);
    expect(await sessions()).toEqual(before);
  });

  it('stores only the hash of the session token', async () => {
    const client = server.client();
    await client.signIn(ADMIN.email, ADMIN.password);
    const token = client.cookie as string;
    const rows = await server.app.ctx.db.kysely.selectFrom('sessions').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.token_hash).not.toBe(token);
      expect(row.token_hash).not.toContain(token);
    }
    expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
  });

  it('answers every failure with the same 401 body', async () => {
    const inactive = await admin.createUser([]);
    expect((await admin.delete(`/apis/api/v1/user/delete/${inactive.id}`)).status).toBe(200);
    const unverifiedEmail = `unverified-${Date.now()}@test.sk`;
    const created = await admin.post('/apis/api/v1/user/create', {
      firstName: 'Nový',
      lastName: 'Overovaný',
      email: unverifiedEmail,
      permissions: [],
      sendAuthorizationEmail: true,
    });
    expect(created.body.data.status).toBe('EMAIL_VERIFICATION');

    const attempts: [string, string][] = [
      ['nobody@test.sk', 'Heslo123'],
      [ADMIN.email, 'Wrong1234'],
      [inactive.email, inactive.password],
      [unverifiedEmail, 'Heslo123'],
      ['', ''],
    ];
    const bodies = [];
    for (const [i, [username, password]] of attempts.entries()) {
      const client = server.client();
      const res = await client.request('POST', '/apis/authenticate', {
        form: { username, password },
        headers: { 'x-forwarded-for': `10.1.0.${i + 1}` },
      });
      expect(res.status, `${username}`).toBe(401);
      expect(client.cookie).toBeUndefined();
      bodies.push(res.text);
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0] as string)).toEqual({
      message: 'Nesprávne prihlasovacie údaje!',
      code: 'BAD_CREDENTIALS',
    });
  });

  it('refuses a sign-in without the username field, naming it', async () => {
    const res = await signInForm(server.client(), { password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('username');
  });

  it('auth-check returns the user with changePassword, and 401 when signed out', async () => {
    const res = await admin.get('/apis/auth-check');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: ADMIN.email, changePassword: false, admin: true });
    const out = await server.client().get('/apis/auth-check');
    expect(out.status).toBe(401);
    expect(out.body.code).toBe('UNAUTHORIZED');
  });

  it('auth-check says changePassword for a user who must change it, with their own authorities', async () => {
    const email = `forced-${Date.now()}@test.sk`;
    await admin.post('/apis/api/v1/user/create', {
      firstName: 'Jana',
      lastName: 'Nová',
      email,
      password: 'Docasne123',
      permissions: ['ADD_PHOTOS'],
      changePasswordAfterLogin: true,
    });
    const client = server.client();
    const signIn = await client.signIn(email, 'Docasne123', false);
    expect(signIn.body.data.changePassword).toBe(true);
    const check = await client.get('/apis/auth-check');
    expect(check.body.data).toMatchObject({
      changePassword: true,
      admin: false,
      authorities: ['ADD_PHOTOS'],
    });
  });

  it('ignores a garbage or overlong cookie as signed out', async () => {
    for (const value of ['nonsense', 'x'.repeat(5000)]) {
      const client = server.client();
      client.cookie = value;
      expect((await client.get('/apis/auth-check')).status).toBe(401);
    }
  });

  it('logout ends the session and clears the cookie', async () => {
    const client = server.client();
    await client.signIn(ADMIN.email, ADMIN.password);
    const token = client.cookie as string;
    const res = await client.post('/apis/user-logout');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Boli ste odhlásený.');
    const setCookies = res.headers.getSetCookie().filter((c) => c.startsWith('SESSION='));
    expect(setCookies).toHaveLength(1);
    const cleared = setCookies[0] ?? '';
    expect(cleared).toMatch(/^SESSION=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);
    expect(client.cookie).toBeUndefined();
    const reused = server.client();
    reused.cookie = token;
    expect((await reused.get('/apis/auth-check')).status).toBe(401);
    const rows = await server.app.ctx.db.kysely
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(rows).toEqual([]);
  });

  it('logout ignores whatever body comes with it, an empty one labelled JSON included', async () => {
    for (const body of ['', '{}', 'nonsense']) {
      const client = await server.admin();
      const token = client.cookie;
      const res = await client.request('POST', '/apis/user-logout', {
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(200);
      const stale = server.client();
      stale.cookie = token;
      expect((await stale.get('/apis/auth-check')).status).toBe(401);
    }
  });

  it('logout without a session still answers 200, as does a second logout', async () => {
    const client = server.client();
    expect((await client.post('/apis/user-logout')).status).toBe(200);
    expect((await client.post('/apis/user-logout')).status).toBe(200);
  });
});
