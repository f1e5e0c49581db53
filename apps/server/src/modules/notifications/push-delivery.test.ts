import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { notificationsOf } from './notifications.module.ts';
import { PUSH_POLICY } from './push-delivery.service.ts';
import { assignMedia, insertSite, type TestSite } from './testing/assignments.ts';
import { received, subscribeBrowser, type TestBrowser } from './testing/browsers.ts';
import { FakePushService } from './testing/fake-push-service.ts';
import { verifyVapid } from './testing/push-crypto.ts';

const AUTHOR = 'Ján Novák';

describe('push delivery', () => {
  let server: TestServer;
  let push: FakePushService;
  let admin: HttpClient;
  let holder: { client: HttpClient; id: number };
  let author: { client: HttpClient; id: number };
  let site: TestSite;

  const db = () => server.app.ctx.db.kysely;
  const drain = () => notificationsOf(server.app.ctx).delivery.drain();
  const assign = (opts: { emit?: boolean } = {}) =>
    assignMedia(server.app.ctx, { site, author: { id: author.id, name: AUTHOR } }, opts);
  const outbox = () => db().selectFrom('push_outbox').selectAll().execute();
  const subscriptionExists = async (b: TestBrowser) =>
    (await db()
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', b.subscription.endpoint)
      .executeTakeFirst()) !== undefined;

  beforeAll(async () => {
    push = await FakePushService.start();
    server = await startServer({ PUSH_ALLOW_INSECURE_ENDPOINTS: '1' });
    // Deliveries here happen on a kick or an explicit drain only, so every step is deterministic.
    server.app.ctx.scheduler.stop();
    admin = await server.admin();
    holder = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    author = await admin.createUser(['ADD_PHOTOS', 'NEW_PHOTO_NOTIFICATION']);
    site = await insertSite(db(), 'Polyfunkčný objekt Nivy');
  });
  afterAll(async () => {
    await server.close();
    await push.close();
  });

  it('sends an RFC 8291 encrypted, VAPID-signed push that decrypts to {title, body, url}', async () => {
    const browser = await subscribeBrowser(holder.client, push);
    const e = await assign();
    const [req] = await push.waitFor(browser.name, 1);
    await drain();
    expect(req?.headers['content-encoding']).toBe('aes128gcm');
    expect(req?.headers['content-type']).toBe('application/octet-stream');
    expect(req?.headers.urgency).toBe('normal');
    const ttl = Number(req?.headers.ttl);
    expect(ttl).toBeGreaterThan(PUSH_POLICY.ttlSeconds - 60);
    expect(ttl).toBeLessThanOrEqual(PUSH_POLICY.ttlSeconds);
    const key = (await holder.client.get('/apis/api/v1/notification/push/vapid-public-key')).body.data.key;
    const vapid = verifyVapid(String(req?.headers.authorization), push.baseUrl);
    expect(vapid.k).toBe(key);
    expect(String(vapid.claims.sub)).toMatch(/^(mailto:|https:)/);
    // Not readable without the browser's keys…
    expect(req?.body.includes(Buffer.from(AUTHOR))).toBe(false);
    // …and exactly the notification with them.
    expect(received(push, browser)).toEqual([
      {
        title: 'Nová fotografia',
        body: `Ján Novák pridal fotografiu na site ${site.code} – Polyfunkčný objekt Nivy`,
        url: `/administration/sites-gallery?siteId=${site.id}&siteDate=${e.siteDate}`,
      },
    ]);
    expect(await outbox()).toEqual([]);
  });

  it('pushes to every subscribed browser of each recipient, and to nobody else', async () => {
    const phone = await subscribeBrowser(holder.client, push);
    const laptop = await subscribeBrowser(holder.client, push);
    const own = await subscribeBrowser(author.client, push);
    const lacking = await admin.createUser(['ADD_PHOTOS']);
    const lackingBrowser = await subscribeBrowser(lacking.client, push);
    const gone = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    const goneBrowser = await subscribeBrowser(gone.client, push);
    // Deactivated behind the event's back: the subscription is still there, the user is not active.
    await db().updateTable('users').set({ active: 0 }).where('id', '=', gone.id).execute();

    await assign();
    await drain();
    expect(push.to(phone.name)).toHaveLength(1);
    expect(push.to(laptop.name)).toHaveLength(1);
    expect(push.to(own.name)).toHaveLength(0);
    expect(push.to(lackingBrowser.name)).toHaveLength(0);
    expect(push.to(goneBrowser.name)).toHaveLength(0);
  });

  it('drops a queued push when its recipient is deactivated before it goes out', async () => {
    const late = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    const browser = await subscribeBrowser(late.client, push);
    await assign({ emit: false });
    expect((await outbox()).length).toBeGreaterThan(0);
    await db().updateTable('users').set({ active: 0 }).where('id', '=', late.id).execute();
    await drain();
    expect(push.to(browser.name)).toHaveLength(0);
    expect(await outbox()).toEqual([]);
  });

  it.each([410, 404])('removes the subscription when the push service answers %i', async (status) => {
    const browser = await subscribeBrowser(holder.client, push);
    push.script(browser.name, status);
    await assign();
    await drain();
    expect(push.to(browser.name)).toHaveLength(1);
    expect(await subscriptionExists(browser)).toBe(false);
    expect(await outbox()).toEqual([]);
    // The next assignment no longer tries it.
    await assign();
    await drain();
    expect(push.to(browser.name)).toHaveLength(1);
  });

  it('retries 5xx with growing back-off, then gives up and keeps the subscription', async () => {
    const browser = await subscribeBrowser(holder.client, push);
    push.script(browser.name, 500, 502, 503, 500, 500, 201);
    await assign();
    await drain();
    expect(push.to(browser.name)).toHaveLength(1);
    const delays: number[] = [];
    for (let attempt = 1; attempt < PUSH_POLICY.maxAttempts; attempt++) {
      const [row] = await outbox();
      expect(row?.attempts).toBe(attempt);
      const wait = Number(row?.next_attempt_at) - server.clock.now();
      delays.push(Math.round(wait / 1000));
      // Not before its time…
      server.clock.advance(wait - 1000);
      await drain();
      expect(push.to(browser.name)).toHaveLength(attempt);
      // …and then it goes.
      server.clock.advance(1000);
      await drain();
      expect(push.to(browser.name)).toHaveLength(attempt + 1);
    }
    expect(delays).toEqual([30, 60, 120, 240]);
    expect(await outbox()).toEqual([]);
    server.clock.advance(24 * 3600_000);
    await drain();
    expect(push.to(browser.name)).toHaveLength(PUSH_POLICY.maxAttempts);
    expect(await subscriptionExists(browser)).toBe(true);
  });

  it('honours Retry-After on 429 and delivers once the service recovers', async () => {
    const browser = await subscribeBrowser(holder.client, push);
    push.script(browser.name, { status: 429, headers: { 'retry-after': '300' } }, 503);
    await assign();
    await drain();
    const [row] = await outbox();
    expect(Number(row?.next_attempt_at) - server.clock.now()).toBeGreaterThan(299_000);
    server.clock.advance(300_000);
    await drain();
    expect(push.to(browser.name)).toHaveLength(2);
    server.clock.advance(60_000);
    await drain();
    expect(push.to(browser.name)).toHaveLength(3);
    expect(received(push, browser)).toHaveLength(3);
    expect(await outbox()).toEqual([]);
  });

  it('gives up at once on a refusal retrying cannot fix (400, 403, 413)', async () => {
    const browser = await subscribeBrowser(holder.client, push);
    push.script(browser.name, 403);
    await assign();
    await drain();
    expect(push.to(browser.name)).toHaveLength(1);
    expect(await outbox()).toEqual([]);
    expect(await subscriptionExists(browser)).toBe(true);
  });

  it('never makes an assignment wait for a slow push service', async () => {
    const browser = await subscribeBrowser(holder.client, push);
    push.script(browser.name, { status: 201, delayMs: 1500 });
    const started = performance.now();
    await assign();
    const assignMs = performance.now() - started;
    const pushStarted = performance.now();
    await push.waitFor(browser.name, 1);
    await drain();
    const deliveredMs = performance.now() - pushStarted;
    expect(assignMs).toBeLessThan(500);
    expect(deliveredMs).toBeGreaterThan(1400);
    expect(await outbox()).toEqual([]);
  });

  it('keeps pushes through a crash between commit and announcement', async () => {
    const browser = await subscribeBrowser(holder.client, push);
    await assign({ emit: false });
    expect((await outbox()).length).toBeGreaterThan(0);
    // No event, no request: the outbox poll sends it.
    await drain();
    expect(received(push, browser)).toHaveLength(1);
  });
});
