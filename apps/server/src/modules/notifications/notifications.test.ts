import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../db/database.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { notificationsOf } from './notifications.module.ts';
import { assignMedia, insertSite, QueryCounter, RolledBack, type TestSite } from './testing/assignments.ts';

const V1 = '/apis/api/v1/notification';
const AUTHOR = 'Ján Novák';

describe('notifications', () => {
  let server: TestServer;
  let admin: HttpClient;
  let adminId: number;
  let holder: { client: HttpClient; id: number };
  let nonHolder: { client: HttpClient; id: number };
  let inactive: { client: HttpClient; id: number };
  let author: { client: HttpClient; id: number };
  let site: TestSite;

  const db = () => server.app.ctx.db.kysely;
  const recipientsOf = async (mediaId: number) =>
    (await db().selectFrom('notifications').select('user_id').where('media_id', '=', mediaId).execute())
      .map((r) => r.user_id)
      .sort((a, b) => a - b);
  const assign = (type: 'IMAGE' | 'VIDEO' = 'IMAGE', siteDate = '2026-11-21') =>
    assignMedia(server.app.ctx, { site, author: { id: author.id, name: AUTHOR }, type, siteDate });

  beforeAll(async () => {
    server = await startServer();
    admin = await server.admin();
    adminId = (await admin.get('/apis/auth-check')).body.data.id;
    holder = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    nonHolder = await admin.createUser(['ADD_PHOTOS', 'VIEW_GALLERY']);
    inactive = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    author = await admin.createUser(['ADD_PHOTOS', 'NEW_PHOTO_NOTIFICATION']);
    expect((await admin.delete(`/apis/api/v1/user/delete/${inactive.id}`)).status).toBe(200);
    site = await insertSite(db(), 'Bytový dom Slnečnica');
  });
  afterAll(() => server.close());

  it('notifies every active holder of NEW_PHOTO_NOTIFICATION and every admin, never the author', async () => {
    const e = await assign();
    expect(await recipientsOf(e.mediaId)).toEqual([adminId, holder.id].sort((a, b) => a - b));
    const row = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('media_id', '=', e.mediaId)
      .where('user_id', '=', holder.id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('Nová fotografia');
    expect(row.body).toBe(`Ján Novák pridal fotografiu na site ${site.code} – Bytový dom Slnečnica`);
    expect(row.url).toBe(`/administration/sites-gallery?siteId=${site.id}&siteDate=2026-11-21`);
    expect(row.seen).toBe(0);
    expect(Math.abs(Number(row.created_at) - server.clock.now())).toBeLessThan(5000);
  });

  it('names a video as a video', async () => {
    const e = await assign('VIDEO');
    const row = await db()
      .selectFrom('notifications')
      .select(['title', 'body'])
      .where('media_id', '=', e.mediaId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      title: 'Nové video',
      body: `Ján Novák pridal video na site ${site.code} – Bytový dom Slnečnica`,
    });
  });

  it('writes the notifications in the assignment transaction: a rolled-back assignment leaves none', async () => {
    const before = await holderCount();
    await expect(
      assignMedia(
        server.app.ctx,
        { site, author: { id: author.id, name: AUTHOR } },
        { failAfterListeners: true },
      ),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(await holderCount()).toBe(before);
    const orphans = await db()
      .selectFrom('notifications')
      .leftJoin('media_items', 'media_items.id', 'notifications.media_id')
      .select('notifications.id')
      .where('media_items.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });

  async function holderCount() {
    return (await holder.client.get(`${V1}/unseen-count`)).body.data as number;
  }

  it('fans out to hundreds of users with one statement per table', async () => {
    const now = Date.now();
    const many = await db()
      .insertInto('users')
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          first_name: 'Hromadný',
          last_name: `Príjemca ${i}`,
          email: `bulk${i}-${now}@test.sk`,
          email_lower: `bulk${i}-${now}@test.sk`,
          password_hash: null,
          admin: 0,
          active: i % 10 === 0 ? 0 : 1,
          status: 'ACTIVE' as const,
          change_password: 0,
          search_text: fold(`Hromadný Príjemca ${i}`),
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    await db()
      .insertInto('user_permissions')
      .values(many.map((u) => ({ user_id: u.id, authority: 'NEW_PHOTO_NOTIFICATION' })))
      .execute();
    const counter = new QueryCounter();
    const e = await assignMedia(
      server.app.ctx,
      { site, author: { id: author.id, name: AUTHOR } },
      {
        listeners: [
          async (trx, ev) => {
            await notificationsOf(server.app.ctx).service.onAssigned(trx.withPlugin(counter), ev);
          },
        ],
      },
    );
    // 270 active bulk users, the admin and the holder; the notifications and the (empty) outbox insert.
    expect((await recipientsOf(e.mediaId)).length).toBe(272);
    expect(counter.count).toBe(2);
    await db().deleteFrom('users').where('email', 'like', 'bulk%').execute();
  });

  describe('list, unseen count, mark all as seen', () => {
    let reader: { client: HttpClient; id: number };
    beforeAll(async () => {
      reader = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
      for (let day = 1; day <= 12; day++) {
        await assign('IMAGE', `2026-10-${String(day).padStart(2, '0')}`);
        server.clock.advance(1000);
      }
    });

    it('pages newest first, ten by default, with totals and the unseen count', async () => {
      const first = await reader.client.get(`${V1}/user-notifications`, { query: { page: 0 } });
      expect(first.status).toBe(200);
      const page = first.body.data;
      expect(page).toMatchObject({ page: 0, totalPages: 2, totalElements: 12, unseenCount: 12 });
      expect(page.content).toHaveLength(10);
      expect(page.content.map((n: { url: string }) => n.url.slice(-2))).toEqual([
        '12',
        '11',
        '10',
        '09',
        '08',
        '07',
        '06',
        '05',
        '04',
        '03',
      ]);
      const n = page.content[0];
      expect(Object.keys(n).sort()).toEqual(['body', 'createdAt', 'id', 'seen', 'title', 'url']);
      expect(n.seen).toBe(false);
      expect(new Date(n.createdAt).toISOString()).toBe(n.createdAt);
      expect(Date.parse(page.content[0].createdAt)).toBeGreaterThan(Date.parse(page.content[1].createdAt));

      const second = (await reader.client.get(`${V1}/user-notifications`, { query: { page: 1, size: 10 } }))
        .body.data;
      expect(second.content.map((x: { url: string }) => x.url.slice(-2))).toEqual(['02', '01']);
      const beyond = (await reader.client.get(`${V1}/user-notifications`, { query: { page: 5, size: 5 } }))
        .body.data;
      expect(beyond).toMatchObject({ content: [], page: 5, totalPages: 3, totalElements: 12 });
    });

    it('counts unseen, marks all of one user seen, and new ones arrive unseen', async () => {
      expect((await reader.client.get(`${V1}/unseen-count`)).body).toEqual({ data: 12 });
      const holderBefore = await holderCount();
      const marked = await reader.client.get(`${V1}/mark-all-as-seen`);
      expect(marked.status).toBe(200);
      expect(marked.body.data).toBe(12);
      expect((await reader.client.get(`${V1}/unseen-count`)).body).toEqual({ data: 0 });
      expect(await holderCount()).toBe(holderBefore);
      const all = (await reader.client.get(`${V1}/user-notifications`, { query: { size: 100 } })).body.data;
      expect(all.content.every((n: { seen: boolean }) => n.seen)).toBe(true);
      expect(all.unseenCount).toBe(0);

      await assign();
      const after = (await reader.client.get(`${V1}/user-notifications`)).body.data;
      expect(after.unseenCount).toBe(1);
      expect(after.content[0].seen).toBe(false);
      expect(after.content[1].seen).toBe(true);
      expect((await reader.client.get(`${V1}/mark-all-as-seen`)).body.data).toBe(1);
      expect((await reader.client.get(`${V1}/mark-all-as-seen`)).body.data).toBe(0);
    });

    it('refuses a cross-site mark-all-as-seen and changes nothing', async () => {
      await assign();
      const res = await reader.client.get(`${V1}/mark-all-as-seen`, {
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('CROSS_SITE');
      expect((await reader.client.get(`${V1}/unseen-count`)).body.data).toBe(1);
    });

    it('refuses bad paging with a Slovak message naming the parameter', async () => {
      for (const query of [{ size: 1000 }, { page: -1 }, { size: 0 }, { page: 'x' }]) {
        const res = await reader.client.get(`${V1}/user-notifications`, { query });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/parameter „(size|page)“/);
      }
    });
  });

  it('lets only holders of NEW_PHOTO_NOTIFICATION read or mark notifications; push routes need a session', async () => {
    const anonymous = server.client();
    for (const path of ['user-notifications', 'unseen-count', 'mark-all-as-seen', 'push/vapid-public-key']) {
      expect((await anonymous.get(`${V1}/${path}`)).status).toBe(401);
    }
    for (const path of ['push/subscribe', 'push/unsubscribe']) {
      expect((await anonymous.post(`${V1}/${path}`, {})).status).toBe(401);
    }
    for (const path of ['user-notifications', 'unseen-count', 'mark-all-as-seen']) {
      const res = await nonHolder.client.get(`${V1}/${path}`);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    const key = await nonHolder.client.get(`${V1}/push/vapid-public-key`);
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.data.key, 'base64url')).toHaveLength(65);
  });

  describe('subscription bodies', () => {
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    const subscribe = (body: unknown) => holder.client.post(`${V1}/push/subscribe`, body);
    const stored = async () =>
      Number(
        (
          await db()
            .selectFrom('push_subscriptions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('refuses anything but an https endpoint (no test flag on this server)', async () => {
      for (const endpoint of ['http://127.0.0.1:9/push/x', 'ftp://push.example/x', 'not a url', '']) {
        const res = await subscribe({ endpoint, keys });
        expect(res.status).toBe(400);
        expect(res.body.message).toContain('„endpoint“');
        expect(res.body.message).toContain('https');
      }
      expect(await stored()).toBe(0);
    });

    it('refuses malformed or oversized keys and endpoints, naming the field', async () => {
      const endpoint = 'https://push.example/sub/1';
      const cases: [unknown, string][] = [
        [{ endpoint, keys: { ...keys, p256dh: 'short' } }, 'keys.p256dh'],
        [{ endpoint, keys: { ...keys, p256dh: `${'A'.repeat(85)}!!` } }, 'keys.p256dh'],
        [{ endpoint, keys: { ...keys, auth: 'A'.repeat(500) } }, 'keys.auth'],
        [{ endpoint }, 'keys'],
        [{ endpoint: `https://push.example/${'x'.repeat(2100)}`, keys }, 'endpoint'],
        [{ endpoint, keys, expirationTime: 'tomorrow' }, 'expirationTime'],
      ];
      for (const [body, field] of cases) {
        const res = await subscribe(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toContain(`„${field}“`);
      }
      expect(await stored()).toBe(0);
    });

    it('accepts a well-formed https subscription, idempotently', async () => {
      const body = { endpoint: 'https://push.example/sub/ok', expirationTime: null, keys };
      for (let i = 0; i < 2; i++) {
        const res = await subscribe(body);
        expect(res.status).toBe(200);
        expect(res.body.message).toBe('Odber notifikácií bol uložený');
      }
      expect(await stored()).toBe(1);
      // A renewal with an expiry (a DOMHighResTimeStamp may carry a fraction).
      expect((await subscribe({ ...body, expirationTime: 1893456000000.4 })).status).toBe(200);
      const row = await db()
        .selectFrom('push_subscriptions')
        .select('expiration_time')
        .executeTakeFirstOrThrow();
      expect(Number(row.expiration_time)).toBe(1893456000000);
      expect(await stored()).toBe(1);
      const gone = await holder.client.post(`${V1}/push/unsubscribe`, body);
      expect(gone.body.message).toBe('Odber notifikácií bol zrušený');
      expect(await stored()).toBe(0);
    });
  });
});
