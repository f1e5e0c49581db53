import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { readOutbox, waitForOutbox } from '../../test/mail-capture.ts';

const CHANGE = '/apis/api/v1/user/change-password';
const HOUR = 3600_000;

describe('change-password, reset-password and activation', () => {
  let server: TestServer;
  let admin: HttpClient;
  beforeAll(async () => {
    server = await startServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  const codeOf = (link: string | undefined) => new URL(link as string).searchParams.get('code') as string;
  const canSignIn = async (email: string, password: string) =>
    (
      await server.client().request('POST', '/apis/authenticate', {
        form: { username: email, password },
        headers: { 'x-forwarded-for': '10.9.9.9' },
      })
    ).status === 200;

  describe('change-password', () => {
    it('needs the old password and changes it; the notice mail goes out', async () => {
      const u = await admin.createUser([]);
      const res = await u.client.put(CHANGE, {
        oldPassword: u.password,
        newPassword: 'Zmenene123',
        newPasswordRepeat: 'Zmenene123',
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Vaše heslo bolo úspešne zmenené.');
      expect(await canSignIn(u.email, 'Zmenene123')).toBe(true);
      expect(await canSignIn(u.email, u.password)).toBe(false);
      const notice = await waitForOutbox(server.dataDir, (m) => m.to === u.email);
      expect(notice.subject).toBe('Heslo bolo zmenené');
    });

    it('refuses a missing or wrong old password with 400 naming oldPassword, changing nothing', async () => {
      const u = await admin.createUser([]);
      const missing = await u.client.put(CHANGE, {
        newPassword: 'Zmenene123',
        newPasswordRepeat: 'Zmenene123',
      });
      expect(missing.status).toBe(400);
      expect(missing.body.details).toEqual([{ field: 'oldPassword', message: 'Pôvodné heslo je povinné' }]);
      const wrong = await u.client.put(CHANGE, {
        oldPassword: 'Nespravne1',
        newPassword: 'Zmenene123',
        newPasswordRepeat: 'Zmenene123',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        code: 'WRONG_OLD_PASSWORD',
        message: 'Pôvodné heslo nie je správne',
      });
      expect(wrong.body.details[0].field).toBe('oldPassword');
      expect(await canSignIn(u.email, u.password)).toBe(true);
    });

    it('refuses a weak or mismatched new password naming the field', async () => {
      const u = await admin.createUser([]);
      const weak = await u.client.put(CHANGE, {
        oldPassword: u.password,
        newPassword: 'slabeheslo',
        newPasswordRepeat: 'slabeheslo',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toContain('newPassword');
      expect(weak.body.message).toContain(
        'Heslo musí obsahovať minimálne 8 znakov, z toho aspoň jedno veľké písmeno a číslicu',
      );
      const mismatch = await u.client.put(CHANGE, {
        oldPassword: u.password,
        newPassword: 'Zmenene123',
        newPasswordRepeat: 'Zmenene124',
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.details).toContainEqual({
        field: 'newPasswordRepeat',
        message: 'Heslá sa nezhodujú',
      });
      expect(await canSignIn(u.email, u.password)).toBe(true);
    });

    it('does not need the old password in a forced change, and clears the flag', async () => {
      const email = `forced-${Date.now()}@test.sk`;
      await admin.post('/apis/api/v1/user/create', {
        firstName: 'F',
        lastName: 'Forced',
        email,
        password: 'Docasne123',
        permissions: [],
        changePasswordAfterLogin: true,
      });
      const client = server.client();
      await client.signIn(email, 'Docasne123');
      const res = await client.put(CHANGE, { newPassword: 'Vlastne123', newPasswordRepeat: 'Vlastne123' });
      expect(res.status).toBe(200);
      expect((await client.get('/apis/auth-check')).body.data.changePassword).toBe(false);
      const again = await client.put(CHANGE, { newPassword: 'Dalsie1234', newPasswordRepeat: 'Dalsie1234' });
      expect(again.status).toBe(400);
      expect(again.body.details[0].field).toBe('oldPassword');
    });

    it('is refused signed out (401)', async () => {
      const res = await server
        .client()
        .put(CHANGE, { newPassword: 'Zmenene123', newPasswordRepeat: 'Zmenene123' });
      expect(res.status).toBe(401);
    });

    it('limits guesses of the old password (429), like sign-in', async () => {
      const u = await admin.createUser([]);
      const guess = (oldPassword: string) =>
        u.client.put(CHANGE, { oldPassword, newPassword: 'Zmenene123', newPasswordRepeat: 'Zmenene123' });
      for (let i = 0; i < 5; i++) expect((await guess(`Hadam${i}xyz`)).status).toBe(400);
      const blocked = await guess(u.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(await canSignIn(u.email, u.password)).toBe(true);
    });
  });

  describe('reset-password', () => {
    it('answers the same for a known, an unknown and a deactivated account, and mails only the known', async () => {
      const known = await admin.createUser([]);
      const gone = await admin.createUser([]);
      await admin.delete(`/apis/api/v1/user/delete/${gone.id}`);
      const answers = [];
      for (const value of [known.email, 'nikto@test.sk', gone.email, known.email.toUpperCase()]) {
        const res = await server.client().put('/apis/reset-password', { value });
        answers.push([res.status, res.text]);
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]?.[0]).toBe(200);
      await waitForOutbox(server.dataDir, (m) => m.to === known.email && m.subject === 'Obnova hesla');
      const outbox = await readOutbox(server.dataDir);
      expect(outbox.filter((m) => m.to === 'nikto@test.sk' || m.to === gone.email)).toEqual([]);
    });

    it('refuses a malformed e-mail naming the field', async () => {
      const res = await server.client().put('/apis/reset-password', { value: 'nope' });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('value');
    });

    it('completes once with a strong password; a weak one leaves the link usable', async () => {
      const u = await admin.createUser([]);
      await server.client().put('/apis/reset-password', { value: u.email });
      const mail = await waitForOutbox(
        server.dataDir,
        (m) => m.to === u.email && m.subject === 'Obnova hesla',
      );
      const code = codeOf(mail.link);
      const weak = await server.client().put(`/apis/reset-password/${code}`, { value: 'weak' });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toContain('value');
      const ok = await server.client().put(`/apis/reset-password/${code}`, { value: 'Obnovene12' });
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe('Heslo bolo úspešne zmenené. Môžete sa prihlásiť.');
      expect(await canSignIn(u.email, 'Obnovene12')).toBe(true);
      const reused = await server.client().put(`/apis/reset-password/${code}`, { value: 'Znova1234' });
      expect(reused.status).toBe(400);
      expect(reused.body.message).toBe('Odkaz na obnovu hesla je neplatný alebo jeho platnosť vypršala.');
      expect(await canSignIn(u.email, 'Obnovene12')).toBe(true);
    });

    it('refuses an unknown code, and a new request voids the previous link', async () => {
      const unknown = await server.client().put('/apis/reset-password/neznamy-kod', { value: 'Obnovene12' });
      expect(unknown.status).toBe(400);
      const u = await admin.createUser([]);
      await server.client().put('/apis/reset-password', { value: u.email });
      const first = await waitForOutbox(
        server.dataDir,
        (m) => m.to === u.email && m.subject === 'Obnova hesla',
      );
      await server.client().put('/apis/reset-password', { value: u.email });
      const second = await waitForOutbox(
        server.dataDir,
        (m) => m.to === u.email && m.subject === 'Obnova hesla' && m.link !== first.link,
      );
      expect(
        (await server.client().put(`/apis/reset-password/${codeOf(first.link)}`, { value: 'Prve1234' }))
          .status,
      ).toBe(400);
      expect(
        (await server.client().put(`/apis/reset-password/${codeOf(second.link)}`, { value: 'Druhe1234' }))
          .status,
      ).toBe(200);
    });

    it('expires a link after 1 hour (fake clock)', async () => {
      const u = await admin.createUser([]);
      const request = async () => {
        const before = (await readOutbox(server.dataDir)).map((m) => m.link);
        await server.client().put('/apis/reset-password', { value: u.email });
        const m = await waitForOutbox(server.dataDir, (x) => x.to === u.email && !before.includes(x.link));
        return codeOf(m.link);
      };
      const early = await request();
      server.clock.advance(HOUR - 60_000);
      expect(
        (await server.client().put(`/apis/reset-password/${early}`, { value: 'Vcas12345' })).status,
      ).toBe(200);
      const late = await request();
      server.clock.advance(HOUR);
      const res = await server.client().put(`/apis/reset-password/${late}`, { value: 'Neskoro123' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_TOKEN');
      expect(await canSignIn(u.email, 'Vcas12345')).toBe(true);
    });

    it('a password change voids a pending reset link', async () => {
      const u = await admin.createUser([]);
      await server.client().put('/apis/reset-password', { value: u.email });
      const mail = await waitForOutbox(
        server.dataDir,
        (m) => m.to === u.email && m.subject === 'Obnova hesla',
      );
      const changed = await u.client.put(CHANGE, {
        oldPassword: u.password,
        newPassword: 'Zmenene123',
        newPasswordRepeat: 'Zmenene123',
      });
      expect(changed.status).toBe(200);
      const res = await server
        .client()
        .put(`/apis/reset-password/${codeOf(mail.link)}`, { value: 'Ukradnute1' });
      expect(res.status).toBe(400);
      expect(await canSignIn(u.email, 'Zmenene123')).toBe(true);
    });

    it('clears a forced change: the user chose the new password', async () => {
      const email = `reset-forced-${Date.now()}@test.sk`;
      await admin.post('/apis/api/v1/user/create', {
        firstName: 'R',
        lastName: 'F',
        email,
        password: 'Docasne123',
        permissions: [],
        changePasswordAfterLogin: true,
      });
      await server.client().put('/apis/reset-password', { value: email });
      const mail = await waitForOutbox(server.dataDir, (m) => m.to === email);
      await server.client().put(`/apis/reset-password/${codeOf(mail.link)}`, { value: 'Vlastne123' });
      const client = server.client();
      expect((await client.signIn(email, 'Vlastne123')).body.data.changePassword).toBe(false);
    });
  });
});
