import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { LOGIN_LIMITS } from './login-limiter.ts';

/** Addresses are simulated with X-Forwarded-For: the app trusts its proxy. */
describe('sign-in rate limiting', () => {
  let server: TestServer;
  let admin: HttpClient;
  beforeAll(async () => {
    server = await startServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  const attempt = (email: string, password: string, ip: string) =>
    server.client().request('POST', '/apis/authenticate', {
      form: { username: email, password },
      headers: { 'x-forwarded-for': ip },
    });

  it('answers 429 after repeated failures for one account from one address, even to the right password', async () => {
    const u = await admin.createUser([]);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      expect((await attempt(u.email, `Zle${i}heslo`, '10.0.0.1')).status).toBe(401);
    }
    const blocked = await attempt(u.email, u.password, '10.0.0.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Príliš veľa neúspešných pokusov o prihlásenie. Skúste to znova neskôr.',
    });
    // The same account from its owner's own address is unaffected.
    expect((await attempt(u.email, u.password, '10.0.0.2')).status).toBe(200);
  });

  it('recovers after the window passes (fake clock)', async () => {
    const u = await admin.createUser([]);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++)
      await attempt(u.email, 'Zle12345', '10.0.1.1');
    expect((await attempt(u.email, u.password, '10.0.1.1')).status).toBe(429);
    server.clock.advance(LOGIN_LIMITS.windowMs - 60_000);
    expect((await attempt(u.email, u.password, '10.0.1.1')).status).toBe(429);
    server.clock.advance(60_000);
    expect((await attempt(u.email, u.password, '10.0.1.1')).status).toBe(200);
  });

  it('a success clears the count, so a forgetful owner is not locked out by old slips', async () => {
    const u = await admin.createUser([]);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress - 1; i++) {
        expect((await attempt(u.email, 'Preklep123', '10.0.2.1')).status).toBe(401);
      }
      expect((await attempt(u.email, u.password, '10.0.2.1')).status).toBe(200);
    }
  });

  it("a stranger's failures against an account from another address do not lock out the owner", async () => {
    const victim = await admin.createUser([]);
    const tries = Array.from({ length: 3 * LOGIN_LIMITS.perAccountAndAddress }, (_, i) =>
      attempt(victim.email, `Hadam${i}Aa`, '203.0.113.66'),
    );
    for (const res of await Promise.all(tries)) expect([401, 429]).toContain(res.status);
    expect((await attempt(victim.email, victim.password, '203.0.113.66')).status).toBe(429);
    expect((await attempt(victim.email, victim.password, '198.51.100.7')).status).toBe(200);
  });

  it('limits one address trying many accounts, without touching other addresses', async () => {
    const ip = '203.0.113.99';
    const tries = Array.from({ length: LOGIN_LIMITS.perAddress }, (_, i) =>
      attempt(`nikto${i}@test.sk`, 'Hadam1234', ip),
    );
    for (const res of await Promise.all(tries)) expect(res.status).toBe(401);
    const u = await admin.createUser([]);
    expect((await attempt(u.email, u.password, ip)).status).toBe(429);
    expect((await attempt(u.email, u.password, '203.0.113.100')).status).toBe(200);
  });

  it('holds under a burst of parallel guesses: at most the limit get a password check', async () => {
    const u = await admin.createUser([]);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(u.email, `Burst${i}xx`, '10.0.4.1')),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAndAddress);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(
      20 - LOGIN_LIMITS.perAccountAndAddress,
    );
    expect((await attempt(u.email, u.password, '10.0.4.1')).status).toBe(429);
  });

  it('believes X-Forwarded-For only from a local proxy: a direct client cannot rotate its address', async () => {
    const u = await admin.createUser([]);
    // inject() sets the peer address; real HTTP here always comes from 127.0.0.1, a trusted proxy.
    const direct = (password: string, i: number) =>
      server.app.inject({
        method: 'POST',
        url: '/apis/authenticate',
        remoteAddress: '203.0.113.5',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `198.51.100.${i}`,
        },
        payload: new URLSearchParams({ username: u.email, password }).toString(),
      });
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++)
      expect((await direct('Zle12345', i)).statusCode).toBe(401);
    expect((await direct(u.password, 99)).statusCode).toBe(429);
    expect((await attempt(u.email, u.password, '198.51.100.1')).status).toBe(200);
  });

  it('counts an account in any letter case as the same account', async () => {
    const u = await admin.createUser([]);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      const email = i % 2 ? u.email.toUpperCase() : ` ${u.email}`;
      await attempt(email, 'Zle12345', '10.0.3.1');
    }
    expect((await attempt(u.email, u.password, '10.0.3.1')).status).toBe(429);
  });
});
