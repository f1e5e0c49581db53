import { AUTHORITIES, AUTHORITY_LABELS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { waitForOutbox } from '../../test/mail-capture.ts';
import { uniqueEmail, usersKit, V1 } from './users-test-kit.ts';

describe('user administration', () => {
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

  describe('table', () => {
    it('finds users accent- and case-insensitively by name and e-mail', async () => {
      await create(newUser({ firstName: 'Peter', lastName: 'Novák' }));
      await create(newUser({ firstName: 'Zuzana', lastName: 'Nováková', email: uniqueEmail('zuzka') }));
      await create(newUser({ firstName: 'Ľubomír', lastName: 'Šťastný' }));
      const novak = await search('novak');
      expect(novak.content.map((r: { name: string }) => r.name).sort()).toEqual([
        'Peter Novák',
        'Zuzana Nováková',
      ]);
      expect((await search('NOVÁK')).totalElements).toBe(2);
      expect((await search('ova')).content.map((r: { name: string }) => r.name)).toContain('Zuzana Nováková');
      expect((await search('lubomir stastny')).totalElements).toBe(1);
      expect((await search('stastny lubomir')).totalElements).toBe(1);
      expect((await search('Ľubomír Šťastný')).totalElements).toBe(1);
      expect((await search('ZUZKA')).content[0].name).toBe('Zuzana Nováková');
      expect((await search('  ')).totalElements).toBeGreaterThanOrEqual(4);
    });

    it('treats % and _ in a search as plain characters', async () => {
      await create(newUser({ lastName: 'Podčiarkovník', email: uniqueEmail('under_score') }));
      await create(newUser({ lastName: 'Podciarkovnikx', email: uniqueEmail('underxscore') }));
      expect((await search('under_score')).totalElements).toBe(1);
      expect((await search('100%')).totalElements).toBe(0);
      expect((await search('%')).totalElements).toBe(0);
      expect((await search('\\')).totalElements).toBe(0);
    });

    it('pages zero-based with totals', async () => {
      for (const first of ['Eva', 'Dana', 'Cyril', 'Boris', 'Adam']) {
        await create(newUser({ firstName: first, lastName: 'Stránkovaný' }));
      }
      const p0 = await search('strankovany', { page: 0, size: 2 });
      expect(p0).toMatchObject({ page: 0, totalPages: 3, totalElements: 5 });
      expect(p0.content.map((r: { name: string }) => r.name)).toEqual([
        'Adam Stránkovaný',
        'Boris Stránkovaný',
      ]);
      const p2 = await search('strankovany', { page: 2, size: 2 });
      expect(p2.content.map((r: { name: string }) => r.name)).toEqual(['Eva Stránkovaný']);
      expect((await search('strankovany', { page: 3, size: 2 })).content).toEqual([]);
      expect((await search('nikto-taky-neexistuje')).totalPages).toBe(0);
    });

    it('refuses bad paging parameters naming them', async () => {
      for (const [query, field] of [
        [{ size: 101 }, 'size'],
        [{ size: 0 }, 'size'],
        [{ page: -1 }, 'page'],
        [{ page: 'x' }, 'page'],
        [{ search: 'x'.repeat(201) }, 'search'],
      ] as const) {
        const res = await admin.get(`${V1}/table`, { query });
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.message).toContain(field);
      }
    });

    it('shows rows with Slovak permission names, the admin as Administrátor, and status', async () => {
      const created = await create(
        newUser({ lastName: 'Riadkový', permissions: ['VIEW_GALLERY', 'ADD_PHOTOS'], active: false }),
      );
      const row = (await search('riadkovy')).content[0];
      expect(row).toEqual({
        id: created.body.data.id,
        name: 'Ján Riadkový',
        email: created.body.data.email,
        active: false,
        admin: false,
        status: 'ACTIVE',
        permissions: [AUTHORITY_LABELS.ADD_PHOTOS, AUTHORITY_LABELS.VIEW_GALLERY],
      });
      const adminRow = (await search(ADMIN.email)).content[0];
      expect(adminRow).toMatchObject({ admin: true, permissions: ['Administrátor'] });
    });
  });

  describe('detail and create', () => {
    it('creates a user with a password who can then sign in', async () => {
      const body = newUser({ email: uniqueEmail('Mixed.Case'), permissions: ['MANAGE_SITES', 'ADD_PHOTOS'] });
      const res = await create(body);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        id: expect.any(Number),
        firstName: 'Ján',
        lastName: 'Tester',
        email: body.email,
        admin: false,
        active: true,
        status: 'ACTIVE',
        permissions: ['ADD_PHOTOS', 'MANAGE_SITES'],
      });
      expect(await detail(res.body.data.id)).toEqual(res.body.data);
      const client = server.client();
      const signIn = await client.signIn(body.email.toLowerCase(), 'Heslo123');
      expect(signIn.body.data.authorities).toEqual(['ADD_PHOTOS', 'MANAGE_SITES']);
      expect(signIn.body.data.changePassword).toBe(false);
    });

    it('creates a user who must change the password after signing in', async () => {
      const body = newUser({ changePasswordAfterLogin: true });
      await create(body);
      const client = server.client();
      expect((await client.signIn(body.email, 'Heslo123')).body.data.changePassword).toBe(true);
    });

    it('creates an admin (only an admin may), who holds every authority', async () => {
      const body = newUser({ admin: true, permissions: ['ADD_PHOTOS'] });
      const res = await create(body);
      expect(res.body.data).toMatchObject({ admin: true, permissions: [] });
      const client = server.client();
      expect((await client.signIn(body.email, 'Heslo123')).body.data.authorities).toEqual([...AUTHORITIES]);
    });

    it('creates a user with an activation e-mail whose link works once', async () => {
      const body = newUser({ password: undefined, sendAuthorizationEmail: true });
      const res = await create(body);
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('EMAIL_VERIFICATION');
      expect(res.body.message).toBeUndefined();
      const mail = await waitForOutbox(server.dataDir, (m) => m.to === body.email);
      expect(mail.subject).toBe('Aktivácia účtu');
      expect(mail.link).toMatch(/^http:\/\/localhost:0\/verification\?code=[\w-]{43}$/);
      const code = linkCode(mail.link);
      expect((await server.client().get('/apis/verification', { query: { hash: code } })).status).toBe(200);
      const finish = { newPassword: 'Aktivne123', hash: code };
      expect((await server.client().post('/apis/finish-verification', finish)).status).toBe(200);
      expect((await detail(res.body.data.id)).status).toBe('ACTIVE');
      expect((await server.client().signIn(body.email, 'Aktivne123')).status).toBe(200);
      const again = await server
        .client()
        .post('/apis/finish-verification', { ...finish, newPassword: 'Iny12345' });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('Platnosť odkazu vypršala.');
    });

    it('answers 404 for an unknown id and 400 naming id for a malformed one', async () => {
      const missing = await admin.get(`${V1}/detail/999999`);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: 'Používateľ sa nenašiel' });
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await admin.get(`${V1}/detail/${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.body.message).toContain('id');
      }
    });

    it('refuses bad bodies naming the field, and creates nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [newUser({ lastName: 'Zlý', email: 'nope' }), 'email'],
        [newUser({ lastName: 'Zlý', firstName: '  ' }), 'firstName'],
        [newUser({ lastName: '' }), 'lastName'],
        [newUser({ lastName: 'Zlý', password: 'slabe' }), 'password'],
        [newUser({ lastName: 'Zlý', password: '' }), 'password'],
        [newUser({ lastName: 'Zlý', password: undefined }), 'password'],
        [newUser({ lastName: 'Zlý', permissions: ['ROOT'] }), 'permissions'],
        [newUser({ lastName: 'Zlý', permissions: 'ADD_PHOTOS' }), 'permissions'],
        [newUser({ lastName: 'Zlý', admin: 'yes' }), 'admin'],
        [newUser({ lastName: 'Zlý', firstName: 'x'.repeat(101) }), 'firstName'],
      ];
      for (const [body, field] of cases) {
        const res = await create(body);
        expect(res.status, field).toBe(400);
        expect(res.body.code).toBe('VALIDATION');
        expect(res.body.message, field).toContain(field);
        expect(res.body.details[0].field, field).toContain(field);
      }
      const notJson = await admin.request('POST', `${V1}/create`, {
        body: '{"firstName":',
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.status).toBe(400);
      expect((await search('zly')).totalElements).toBe(0);
    });

    it('keeps e-mails unique regardless of case (409), even when two creates race', async () => {
      const body = newUser();
      expect((await create(body)).status).toBe(200);
      const dup = await create({ ...body, email: body.email.toUpperCase() });
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({
        code: 'EMAIL_TAKEN',
        message: 'Používateľ s týmto e-mailom už existuje',
      });
      const raced = newUser({ lastName: 'Súbežný' });
      const results = await Promise.all([1, 2, 3].map(() => create(raced)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect((await search('subezny')).totalElements).toBe(1);
    });

    it('lists the permissions with their Slovak labels', async () => {
      const res = await admin.get(`${V1}/permissions`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(AUTHORITIES.map((id) => ({ id, name: AUTHORITY_LABELS[id] })));
      expect(res.body.data.map((p: { name: string }) => p.name)).toContain('Správa používateľov');
    });
  });

  describe('update', () => {
    it('updates names, e-mail, flags and replaces permissions', async () => {
      const { id } = (await create(newUser({ permissions: ['ADD_PHOTOS', 'VIEW_GALLERY'] }))).body.data;
      const email = uniqueEmail('Zmeneny');
      const res = await admin.put(`${V1}/update/${id}`, {
        firstName: ' Mária ',
        lastName: 'Zmenená',
        email,
        permissions: ['EXPORT_GALLERY'],
        changePasswordAfterLogin: true,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        firstName: 'Mária',
        lastName: 'Zmenená',
        email,
        active: true,
        permissions: ['EXPORT_GALLERY'],
      });
      expect(await detail(id)).toEqual(res.body.data);
      const client = server.client();
      const signIn = await client.signIn(email, 'Heslo123');
      expect(signIn.body.data).toMatchObject({ changePassword: true, authorities: ['EXPORT_GALLERY'] });
      expect((await search('zmenena')).totalElements).toBe(1);
    });

    it('refuses an e-mail another user has (any case) with 409, and changes nothing', async () => {
      const a = (await create(newUser())).body.data;
      const b = (await create(newUser())).body.data;
      const res = await admin.put(`${V1}/update/${b.id}`, {
        firstName: 'Iné',
        lastName: 'Meno',
        email: a.email.toUpperCase(),
        permissions: [],
      });
      expect(res.status).toBe(409);
      expect(await detail(b.id)).toEqual(b);
      const own = await admin.put(`${V1}/update/${a.id}`, { ...a, email: a.email.toUpperCase() });
      expect(own.status).toBe(200);
    });

    it('refuses bad bodies naming the field and changes nothing; 404 for an unknown id', async () => {
      const user = (await create(newUser())).body.data;
      const valid = { firstName: 'A', lastName: 'B', email: user.email, permissions: [] };
      for (const [body, field] of [
        [{ ...valid, email: 'not-an-email' }, 'email'],
        [{ ...valid, password: 'short' }, 'password'],
        [{ ...valid, active: 'no' }, 'active'],
        [{ ...valid, firstName: undefined }, 'firstName'],
      ] as const) {
        const res = await admin.put(`${V1}/update/${user.id}`, body);
        expect(res.status, field).toBe(400);
        expect(res.body.message).toContain(field);
      }
      expect(await detail(user.id)).toEqual(user);
      const missing = await admin.put(`${V1}/update/999999`, valid);
      expect(missing.status).toBe(404);
    });

    it('an empty password keeps the old one; a new one replaces it and activates a pending account', async () => {
      const body = newUser();
      const { id } = (await create(body)).body.data;
      const keep = await admin.put(`${V1}/update/${id}`, { ...body, password: '' });
      expect(keep.status).toBe(200);
      expect((await server.client().signIn(body.email, 'Heslo123')).status).toBe(200);

      const pending = newUser({ password: undefined, sendAuthorizationEmail: true });
      const created = (await create(pending)).body.data;
      const mail = await waitForOutbox(server.dataDir, (m) => m.to === pending.email);
      const set = await admin.put(`${V1}/update/${created.id}`, { ...pending, password: 'Nastavene1' });
      expect(set.body.data.status).toBe('ACTIVE');
      expect((await server.client().signIn(pending.email, 'Nastavene1')).status).toBe(200);
      // The activation link can no longer overwrite the password the admin set.
      const check = await server.client().get('/apis/verification', { query: { hash: linkCode(mail.link) } });
      expect(check.status).toBe(400);
    });

    it('nobody deactivates themselves, through the edit form or delete', async () => {
      const me = (await admin.get('/apis/auth-check')).body.data;
      const res = await admin.put(`${V1}/update/${me.id}`, {
        firstName: me.firstName,
        lastName: me.lastName,
        email: me.email,
        admin: true,
        active: false,
        permissions: [],
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('SELF_DEACTIVATION');
      const del = await admin.delete(`${V1}/delete/${me.id}`);
      expect(del.status).toBe(400);
      expect(del.body).toMatchObject({ code: 'SELF_DEACTIVATION', message: 'Nemôžete deaktivovať sám seba' });
      expect((await detail(me.id)).active).toBe(true);
      expect((await admin.get('/apis/auth-check')).status).toBe(200);
    });
  });
});
