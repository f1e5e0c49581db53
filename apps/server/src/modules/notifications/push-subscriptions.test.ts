import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { generateVapidKeys } from '../../platform/push/web-push-sender.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { AppSettingsRepository } from './app-settings.repository.ts';
import { notificationsOf } from './notifications.module.ts';
import { MAX_SUBSCRIPTIONS_PER_USER } from './notifications.service.ts';
import { assignMedia, insertSite, type TestSite } from './testing/assignments.ts';
import { received, subscribeBrowser, type TestBrowser } from './testing/browsers.ts';
import { FakePushService } from './testing/fake-push-service.ts';
import { createBrowserKeys } from './testing/push-crypto.ts';
import { resolveVapidKeys, VAPID_SETTING } from './vapid-keys.ts';

const PUSH = '/apis/api/v1/notification/push';

describe('push subscriptions and VAPID keys', () => {
  let server: TestServer;
  let push: FakePushService;
  let admin: HttpClient;
  let author: { client: HttpClient; id: number };
  let site: TestSite;

  const db = () => server.app.ctx.db.kysely;
  const assign = (opts: { emit?: boolean } = {}) =>
    assignMedia(server.app.ctx, { site, author: { id: author.id, name: 'Mária Kováčová' } }, opts);
  const owners = async (b: TestBrowser) =>
    (
      await db()
        .selectFrom('push_subscriptions')
        .select(['user_id', 'p256dh'])
        .where('endpoint', '=', b.subscription.endpoint)
        .execute()
    ).map((r) => r.user_id);
  const subscriptionsOf = async (userId: number) =>
    (
      await db().selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute()
    ).map((r) => r.endpoint);

  /** Another app instance over the same database (same SQLite file or PostgreSQL schema). */
  async function anotherInstance(config: Partial<Config> = {}): Promise<App> {
    const pgSchema =
      server.dialect === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(db())).rows[0]?.s
        : undefined;
    return buildApp(
      { ...server.app.ctx.config, ...config },
      { pgSchema, clock: server.clock, logger: false },
    );
  }

  beforeAll(async () => {
    push = await FakePushService.start();
    server = await startServer({ PUSH_ALLOW_INSECURE_ENDPOINTS: '1' });
    admin = await server.admin();
    author = await admin.createUser(['ADD_PHOTOS']);
    site = await insertSite(db(), 'Most cez Dunaj');
  });
  afterAll(async () => {
    await server.close();
    await push.close();
  });

  it('subscribes idempotently, and a browser re-subscribed by another user moves to that user', async () => {
    const first = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    const second = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    const browser = await subscribeBrowser(first.client, push);
    expect((await first.client.post(`${PUSH}/subscribe`, browser.subscription)).status).toBe(200);
    expect(await owners(browser)).toEqual([first.id]);

    // The same browser after a sign-out and another user's sign-in, with fresh keys.
    const keys = createBrowserKeys();
    const moved = {
      ...browser,
      keys,
      subscription: { ...browser.subscription, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    };
    expect((await second.client.post(`${PUSH}/subscribe`, moved.subscription)).status).toBe(200);
    expect(await owners(browser)).toEqual([second.id]);

    await assign();
    await notificationsOf(server.app.ctx).delivery.drain();
    // One push (the second user's), readable with the new keys only.
    expect(received(push, moved)).toHaveLength(1);
  });

  it('unsubscribes only the caller’s own browser, idempotently', async () => {
    const owner = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    const other = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    const browser = await subscribeBrowser(owner.client, push);
    const stranger = await other.client.post(`${PUSH}/unsubscribe`, browser.subscription);
    expect(stranger.status).toBe(200);
    expect(await owners(browser)).toEqual([owner.id]);
    for (let i = 0; i < 2; i++) {
      const res = await owner.client.post(`${PUSH}/unsubscribe`, browser.subscription);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Odber notifikácií bol zrušený' });
    }
    expect(await owners(browser)).toEqual([]);
    // Only the endpoint matters to unsubscribe; without one it is a 400.
    expect(
      (await owner.client.post(`${PUSH}/unsubscribe`, { endpoint: browser.subscription.endpoint })).status,
    ).toBe(200);
    const bad = await owner.client.post(`${PUSH}/unsubscribe`, {});
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('„endpoint“');
  });

  it('accepts http only on this machine even with the test flag', async () => {
    const user = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    const keys = createBrowserKeys();
    const res = await user.client.post(`${PUSH}/subscribe`, {
      endpoint: 'http://push.example/sub/1',
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('„endpoint“');
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });

  it(`keeps the ${MAX_SUBSCRIPTIONS_PER_USER} most recent browsers of a user`, async () => {
    const user = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    const browsers: TestBrowser[] = [];
    for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_USER; i++) {
      browsers.push(await subscribeBrowser(user.client, push));
      server.clock.advance(1);
    }
    const kept = await subscriptionsOf(user.id);
    expect(kept).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(kept).not.toContain(browsers[0]?.subscription.endpoint);
    expect(kept).toContain(browsers[MAX_SUBSCRIPTIONS_PER_USER]?.subscription.endpoint);
  });

  it('removes every subscription of a deactivated user', async () => {
    const user = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    const keeper = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    await subscribeBrowser(user.client, push);
    await subscribeBrowser(user.client, push);
    const kept = await subscribeBrowser(keeper.client, push);
    expect(await subscriptionsOf(user.id)).toHaveLength(2);
    expect((await admin.delete(`/apis/api/v1/user/delete/${user.id}`)).status).toBe(200);
    await vi.waitFor(async () => expect(await subscriptionsOf(user.id)).toEqual([]), { timeout: 3000 });
    expect(await owners(kept)).toEqual([keeper.id]);
  });

  it('sends queued pushes from the periodic outbox poll, with no event at all', async () => {
    const user = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    const browser = await subscribeBrowser(user.client, push);
    await assign({ emit: false });
    await push.waitFor(browser.name, 1, 8000);
    expect(received(push, browser)).toHaveLength(1);
  });

  it('shares the outbox between instances without sending anything twice', async () => {
    const user = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    const browsers: TestBrowser[] = [];
    for (let i = 0; i < 10; i++) browsers.push(await subscribeBrowser(user.client, push));
    for (let i = 0; i < 3; i++) await assign({ emit: false });
    const other = await anotherInstance();
    try {
      await Promise.all([
        notificationsOf(server.app.ctx).delivery.drain(),
        notificationsOf(other.ctx).delivery.drain(),
        notificationsOf(other.ctx).delivery.drain(),
      ]);
      await notificationsOf(server.app.ctx).delivery.drain();
    } finally {
      await other.close();
    }
    for (const b of browsers) expect(push.to(b.name)).toHaveLength(3);
  });

  it('a shutdown cancels pushes in flight and leaves them to the next instance', async () => {
    // From here on only the instances below send.
    server.app.ctx.scheduler.stop();
    const user = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    const browser = await subscribeBrowser(user.client, push);
    push.script(browser.name, { status: 201, delayMs: 5000 });
    const leaving = await anotherInstance();
    await assign({ emit: false });
    const draining = notificationsOf(leaving.ctx).delivery.drain();
    await push.waitFor(browser.name, 1);
    const started = performance.now();
    await leaving.close();
    await draining;
    expect(performance.now() - started).toBeLessThan(2000);
    const [row] = await db().selectFrom('push_outbox').selectAll().execute();
    expect(Number(row?.locked_until)).toBeGreaterThan(server.clock.now());
    expect(row?.attempts).toBe(0);

    // Once the lease runs out, the push goes again (at least once, never lost).
    await notificationsOf(server.app.ctx).delivery.drain();
    expect(push.to(browser.name)).toHaveLength(1);
    server.clock.advance(Number(row?.locked_until) - server.clock.now());
    await notificationsOf(server.app.ctx).delivery.drain();
    expect(received(push, browser)).toHaveLength(2);
    expect(await db().selectFrom('push_outbox').selectAll().execute()).toEqual([]);
  });

  describe('VAPID keys', () => {
    it('are generated once and stored, so another instance or a restart signs with the same key', async () => {
      const key = (await admin.get(`${PUSH}/vapid-public-key`)).body.data.key as string;
      expect(Buffer.from(key, 'base64url')).toHaveLength(65);
      const stored = await db()
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', VAPID_SETTING)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.value).publicKey).toBe(key);

      const restarted = await anotherInstance();
      try {
        const res = await restarted.inject({
          method: 'GET',
          url: `${PUSH}/vapid-public-key`,
          headers: { cookie: `SESSION=${admin.cookie}` },
        });
        expect(res.json().data.key).toBe(key);
        // It signs with the same private key too.
        expect(notificationsOf(restarted.ctx).vapid).toEqual(notificationsOf(server.app.ctx).vapid);
      } finally {
        await restarted.close();
      }
    });

    it('come from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set', async () => {
      const keys = generateVapidKeys();
      const configured = await anotherInstance({
        vapid: { ...server.app.ctx.config.vapid, publicKey: keys.publicKey, privateKey: keys.privateKey },
      });
      try {
        expect(notificationsOf(configured.ctx).vapid.publicKey).toBe(keys.publicKey);
      } finally {
        await configured.close();
      }
    });

    it('stop the start with a message naming the variables when malformed', async () => {
      const settings = new AppSettingsRepository(db());
      const config = server.app.ctx.config;
      await expect(
        resolveVapidKeys(
          { ...config, vapid: { ...config.vapid, publicKey: 'abc', privateKey: 'def' } },
          settings,
          0,
        ),
      ).rejects.toThrow(/VAPID_PUBLIC_KEY/);
      await expect(
        resolveVapidKeys({ ...config, vapid: { subject: 'not a subject' } }, settings, 0),
      ).rejects.toThrow(/VAPID_SUBJECT/);
    });

    it('are generated by exactly one of several instances starting at once', async () => {
      const before = await db()
        .selectFrom('app_settings')
        .selectAll()
        .where('key', '=', VAPID_SETTING)
        .executeTakeFirstOrThrow();
      await db().deleteFrom('app_settings').where('key', '=', VAPID_SETTING).execute();
      try {
        const config = server.app.ctx.config;
        const results = await Promise.all(
          Array.from({ length: 4 }, () => resolveVapidKeys(config, new AppSettingsRepository(db()), 0)),
        );
        expect(new Set(results.map((r) => r.publicKey)).size).toBe(1);
        expect(new Set(results.map((r) => r.privateKey)).size).toBe(1);
      } finally {
        await db().deleteFrom('app_settings').where('key', '=', VAPID_SETTING).execute();
        await db().insertInto('app_settings').values(before).execute();
      }
    });
  });
});
