import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { waitForOutbox } from '../../test/mail-capture.ts';

const DAY = 24 * 3600_000;

describe('account activation (verification links)', () => {
  let server: TestServer;
  let admin: HttpClient;
  beforeAll(async () => {
    server = await startServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  const codeOf = (link: string | undefined) => new URL(link as string).searchParams.get('code') as string;
  const canSignIn = async (email: string, password: string) =>
    (await server.client().request('POST', '/apis/authenticate', { form: { username: email, password } }))
      .status === 200;

  describe('activation', () => {
    async function invite() {
      const email = `invite-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@test.sk`;
      const res = await admin.post('/apis/api/v1/user/create', {
        firstName: 'Pozvaný',
        lastName: 'Používateľ',
        email,
        permissions: ['ADD_PHOTOS'],
        sendAuthorizationEmail: true,
      });
      const mail = await waitForOutbox(server.dataDir, (m) => m.to === email);
      return { id: res.body.data.id as number, email, code: codeOf(mail.link) };
    }
    const check = (hash: string) => server.client().get('/apis/verification', { query: { hash } });
    const finish = (hash: string, newPassword = 'Aktivne123') =>
      server.client().post('/apis/finish-verification', { hash, newPassword });

    it('checks the link, then activates once', async () => {
      const u = await invite();
      const ok = await check(u.code);
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe('Odkaz je platný.');
      const done = await finish(u.code);
      expect(done.status).toBe(200);
      expect(done.body.message).toBe('Heslo bolo úspešne nastavené. Môžete sa prihlásiť.');
      expect(await canSignIn(u.email, 'Aktivne123')).toBe(true);
      const again = await finish(u.code, 'Druhykrat1');
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('Platnosť odkazu vypršala.');
      expect((await check(u.code)).status).toBe(400);
      expect(await canSignIn(u.email, 'Aktivne123')).toBe(true);
    });

    it('refuses unknown or missing hashes, and a weak password without using the link', async () => {
      const bad = await check('neznamy');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Aktivačný odkaz je neplatný alebo jeho platnosť vypršala.');
      const missing = await server.client().get('/apis/verification');
      expect(missing.status).toBe(400);
      expect(missing.body.message).toContain('hash');
      expect((await finish('neznamy')).body.message).toBe('Platnosť odkazu vypršala.');
      const u = await invite();
      const weak = await finish(u.code, 'kratke');
      expect(weak.status).toBe(400);
      expect(weak.body.message).toContain('newPassword');
      expect((await finish(u.code)).status).toBe(200);
    });

    it('is valid 7 days (fake clock)', async () => {
      const early = await invite();
      const late = await invite();
      server.clock.advance(7 * DAY - 60_000);
      expect((await check(late.code)).status).toBe(200);
      expect((await finish(early.code)).status).toBe(200);
      server.clock.advance(60_000);
      expect((await check(late.code)).status).toBe(400);
      const res = await finish(late.code);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Platnosť odkazu vypršala.');
      expect(await canSignIn(late.email, 'Aktivne123')).toBe(false);
    });

    it('a reset link activates a pending account too, and voids the activation link', async () => {
      const u = await invite();
      await server.client().put('/apis/reset-password', { value: u.email });
      const mail = await waitForOutbox(
        server.dataDir,
        (m) => m.to === u.email && m.subject === 'Obnova hesla',
      );
      const reset = await server
        .client()
        .put(`/apis/reset-password/${codeOf(mail.link)}`, { value: 'ZResetu123' });
      expect(reset.status).toBe(200);
      expect(await canSignIn(u.email, 'ZResetu123')).toBe(true);
      expect((await check(u.code)).status).toBe(400);
      expect((await finish(u.code)).status).toBe(400);
      expect(await canSignIn(u.email, 'ZResetu123')).toBe(true);
    });

    it('does not activate a deactivated account', async () => {
      const u = await invite();
      await (await server.admin()).delete(`/apis/api/v1/user/delete/${u.id}`);
      expect((await check(u.code)).status).toBe(400);
      expect((await finish(u.code)).status).toBe(400);
    });
  });
});
