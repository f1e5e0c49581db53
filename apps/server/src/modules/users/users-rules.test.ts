import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { waitForOutbox } from '../../test/mail-capture.ts';
import { usersKit, V1 } from './users-test-kit.ts';

describe('user administration: activation links, deactivation and admins', () => {
  let server: TestServer;
  let admin: HttpClient;
  beforeAll(async () => {
    server = await startServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  const { newUser, create, detail, search, linkCode } = usersKit(
    () => server,
    () => admin,
  );

  describe('resend verification and deactivate', () => {
    it('resends a new activation link and voids the old one', async () => {
      const body = newUser({ password: undefined, sendAuthorizationEmail: true });
      await create(body);
      const first = await waitForOutbox(server.dataDir, (m) => m.to === body.email);
      const res = await admin.put(`${V1}/resend-verification`, undefined, { query: { email: body.email } });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Používatelovi bol úspešne odoslaný nový aktivačný email');
      const second = await waitForOutbox(server.dataDir, (m) => m.to === body.email && m.link !== first.link);
      const check = (code: string) => server.client().get('/apis/verification', { query: { hash: code } });
      expect((await check(linkCode(first.link))).status).toBe(400);
      expect((await check(linkCode(second.link))).status).toBe(200);
      const old = await server.client().post('/apis/finish-verification', {
        hash: linkCode(first.link),
        newPassword: 'Stare1234',
      });
      expect(old.status).toBe(400);
    });

    it('refuses resending to an active account, an unknown e-mail, a deactivated one or a bad address', async () => {
      const active = (await create(newUser())).body.data;
      const resend = (email: string) =>
        admin.put(`${V1}/resend-verification`, undefined, { query: { email } });
      expect((await resend(active.email)).body.code).toBe('ALREADY_VERIFIED');
      expect((await resend('nikto@test.sk')).status).toBe(404);
      const pending = newUser({ password: undefined, sendAuthorizationEmail: true });
      const p = (await create(pending)).body.data;
      await admin.delete(`${V1}/delete/${p.id}`);
      expect((await resend(pending.email)).body.code).toBe('USER_INACTIVE');
      const bad = await resend('nope');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('email');
      const none = await admin.put(`${V1}/resend-verification`);
      expect(none.status).toBe(400);
      expect(none.body.message).toContain('email');
    });

    it('deactivates (never deletes) and ends the user’s sessions; 404 for an unknown id', async () => {
      const u = await admin.createUser(['ADD_PHOTOS']);
      const res = await admin.delete(`${V1}/delete/${u.id}`);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Používateľ bol úspešne deaktivovaný');
      expect(await detail(u.id)).toMatchObject({ active: false, email: u.email });
      expect((await u.client.get('/apis/auth-check')).status).toBe(401);
      expect((await admin.delete(`${V1}/delete/999999`)).status).toBe(404);
      expect((await admin.delete(`${V1}/delete/x`)).status).toBe(400);
    });
  });

  describe('only an admin touches admins', () => {
    let manager: HttpClient;
    let managerId: number;
    let otherAdmin: { id: number; email: string };
    beforeAll(async () => {
      const m = await admin.createUser(['MANAGE_USERS']);
      manager = m.client;
      managerId = m.id;
      const body = newUser({ admin: true, permissions: [] });
      otherAdmin = (await create(body)).body.data;
    });

    it('a user manager cannot create an admin', async () => {
      const body = newUser({ admin: true, lastName: 'Neadmin' });
      const res = await create(body, manager);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ADMIN_ONLY');
      expect((await search('neadmin')).totalElements).toBe(0);
    });

    it('a user manager cannot edit or deactivate an admin, nor resend to one', async () => {
      const before = await detail(otherAdmin.id);
      const upd = await manager.put(`${V1}/update/${otherAdmin.id}`, {
        ...before,
        admin: false,
        firstName: 'X',
      });
      expect(upd.status).toBe(403);
      expect(upd.body.code).toBe('ADMIN_ONLY');
      const del = await manager.delete(`${V1}/delete/${otherAdmin.id}`);
      expect(del.status).toBe(403);
      expect(await detail(otherAdmin.id)).toEqual(before);

      const pendingAdmin = newUser({ admin: true, password: undefined, sendAuthorizationEmail: true });
      await create(pendingAdmin);
      const resend = await manager.put(`${V1}/resend-verification`, undefined, {
        query: { email: pendingAdmin.email },
      });
      expect(resend.status).toBe(403);
    });

    it('a user manager cannot make anyone admin, themselves included', async () => {
      const target = (await create(newUser())).body.data;
      const res = await manager.put(`${V1}/update/${target.id}`, { ...target, admin: true });
      expect(res.status).toBe(403);
      expect((await detail(target.id)).admin).toBe(false);
      const me = await detail(managerId);
      const self = await manager.put(`${V1}/update/${managerId}`, { ...me, admin: true });
      expect(self.status).toBe(403);
      expect((await detail(managerId)).admin).toBe(false);
    });

    it('a user manager can create, edit and deactivate ordinary users', async () => {
      const body = newUser({ permissions: ['ADD_PHOTOS'] });
      const created = await create(body, manager);
      expect(created.status).toBe(200);
      const id = created.body.data.id;
      const upd = await manager.put(`${V1}/update/${id}`, { ...body, permissions: ['VIEW_GALLERY'] });
      expect(upd.status).toBe(200);
      expect(upd.body.data.permissions).toEqual(['VIEW_GALLERY']);
      expect((await manager.delete(`${V1}/delete/${id}`)).status).toBe(200);
    });

    it('an admin may edit, demote and deactivate another admin', async () => {
      const before = await detail(otherAdmin.id);
      const res = await admin.put(`${V1}/update/${otherAdmin.id}`, {
        ...before,
        admin: false,
        permissions: ['VIEW_GALLERY'],
      });
      expect(res.body.data).toMatchObject({ admin: false, permissions: ['VIEW_GALLERY'] });
      expect((await admin.delete(`${V1}/delete/${otherAdmin.id}`)).status).toBe(200);
    });
  });
});
