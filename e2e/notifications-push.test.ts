import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Author } from '../apps/server/src/modules/gallery/gallery-test-kit.ts';
import { notificationsOf } from '../apps/server/src/modules/notifications/notifications.module.ts';
import { received, subscribeBrowser } from '../apps/server/src/modules/notifications/testing/browsers.ts';
import { FakePushService } from '../apps/server/src/modules/notifications/testing/fake-push-service.ts';
import { verifyVapid } from '../apps/server/src/modules/notifications/testing/push-crypto.ts';
import { ADMIN, startServer, type TestServer } from '../apps/server/src/test/harness.ts';
import type { HttpClient } from '../apps/server/src/test/http-client.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP, hasChromium, WEB_DIST } from './support/browser.ts';
import { gallerySeeder, png, type Site } from './support/gallery-seed.ts';
import { seeHeading } from './support/page-helpers.ts';

const WAIT = { timeout: 15_000 };
const PASSWORD = 'Heslo123';

/**
 * Chromium subscribes through Google's push service (GCM/FCM), unreachable here. Its own switches
 * point the GCM check-in and registration at this stand-in, so pushManager.subscribe() runs for
 * real and returns a real subscription (endpoint on fcm.googleapis.com, the browser's own keys).
 */
class FakeGcm {
  readonly registrations: URLSearchParams[] = [];
  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeGcm> {
    let self: FakeGcm | undefined;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => self?.handle(req, Buffer.concat(chunks).toString(), res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    self = new FakeGcm(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  private handle(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
    if (req.url === '/checkin') {
      // AndroidCheckinResponse: stats_ok = true, android_id and security_token (fixed64).
      const reply = Buffer.alloc(20);
      reply.writeUInt8(0x08, 0);
      reply.writeUInt8(1, 1);
      reply.writeUInt8(0x39, 2);
      reply.writeBigUInt64LE(4242424242n, 3);
      reply.writeUInt8(0x41, 11);
      reply.writeBigUInt64LE(8484848484n, 12);
      res.writeHead(200, { 'content-type': 'application/x-protobuf' });
      res.end(reply);
      return;
    }
    const form = new URLSearchParams(body);
    this.registrations.push(form);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`token=gcm-token-${this.registrations.length}`);
  }

  /** Registrations for web push (Chromium also registers itself once, without a VAPID sender). */
  webPush(): URLSearchParams[] {
    return this.registrations.filter((r) => r.get('X-subtype')?.startsWith('wp:'));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

type SubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string } };

const browserSubscription = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.pushManager.getSubscription())?.toJSON() ?? null;
  }) as Promise<SubscriptionJson | null>;

/**
 * Clicks `Odhlásiť sa` and waits for the full load of `/` that ends a logout: the address may read
 * `/` before that load starts, so only a fresh document (without the marker set here) proves it.
 */
async function logOut(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { beforeLogout?: boolean }).beforeLogout = true;
  });
  await page.getByRole('button', { name: /Používateľské menu/ }).click();
  await page.getByRole('button', { name: 'Odhlásiť sa' }).click();
  await page.waitForFunction(() => !(window as unknown as { beforeLogout?: boolean }).beforeLogout);
  await seeHeading(page, 'Prihlásenie');
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await seeHeading(page, 'Prihlásenie');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Heslo', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Prihlásiť sa' }).click();
}

describe.skipIf(!hasChromium)('web push in Chromium', () => {
  let server: TestServer;
  let admin: HttpClient;
  let gcm: FakeGcm;
  let push: FakePushService;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  let peter: Author;
  let site: Site;
  let adminId: number;
  let subscription: SubscriptionJson;
  const apiCalls: string[] = [];

  const rows = (userId: number) =>
    server.app.ctx.db.kysely
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', userId)
      .execute();

  beforeAll(async () => {
    gcm = await FakeGcm.start();
    push = await FakePushService.start();
    server = await startServer({ PUSH_ALLOW_INSECURE_ENDPOINTS: '1' }, { webDist: WEB_DIST });
    admin = await server.admin();
    const me = await server.app.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    adminId = me.id;
    const seed = await gallerySeeder(server, admin);
    peter = await seed.author('Peter', 'Novák');
    site = await seed.site('Stavba Žilina – Hlavná', 'ZA-001');

    // A profile on disk: Chromium offers no push in incognito contexts.
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-push-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        ...CHROMIUM_ARGS.filter((a) => a !== '--disable-background-networking'),
        `--gcm-checkin-url=${gcm.url}/checkin`,
        `--gcm-registration-url=${gcm.url}/register`,
      ],
      baseURL: server.url,
      viewport: DESKTOP,
      locale: 'sk-SK',
      reducedMotion: 'reduce',
    });
    await context.grantPermissions(['notifications'], { origin: server.url });
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(10_000);
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/apis/')) apiCalls.push(`${r.method()} ${url.pathname}`);
    });
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
    await push?.close();
    await gcm?.close();
    if (profile) fs.rmSync(profile, { recursive: true, force: true });
  });

  test('after sign-in the service worker registers and the subscription reaches the server', async () => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await seeHeading(page, 'Home');
    await expect.poll(async () => (await rows(adminId)).length, WAIT).toBe(1);

    await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js'));
    const fromBrowser = await browserSubscription(page);
    if (!fromBrowser) throw new Error('the browser holds no subscription');
    subscription = fromBrowser;
    // Subscribed with the server's VAPID key, user-visible only (Chromium refuses anything else).
    const [registration] = gcm.webPush();
    expect(registration?.get('sender')).toBe(notificationsOf(server.app.ctx).vapid.publicKey);
    expect(subscription.endpoint).toMatch(/^https:\/\/[a-z0-9.]+\/fcm\/send\/gcm-token-\d+$/);
    expect(await rows(adminId)).toEqual([
      { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
    ]);
    const order = apiCalls.filter((c) => c.includes('/notification/push/'));
    expect(order).toEqual([
      'GET /apis/api/v1/notification/push/vapid-public-key',
      'POST /apis/api/v1/notification/push/subscribe',
    ]);
  });

  test('a new photo goes out encrypted to the push service; the service worker shows it, a click opens the gallery', async () => {
    // A second device of the admin, subscribed at the stand-in push service with keys the test holds.
    const device = await subscribeBrowser(admin, push);
    expect(await page.getByRole('button', { name: /^Notifikácie/ }).getAttribute('aria-label')).toBe(
      'Notifikácie',
    );

    const seed = await gallerySeeder(server, admin);
    const photo = await seed.capture(peter, site, await png('ZA push', '#375a7f'), 'image/png');
    const [request] = await push.waitFor(device.name, 1, 15_000);
    const url = `/administration/sites-gallery?siteId=${site.id}&siteDate=${photo.siteDate}`;
    const payload = {
      title: 'Nová fotografia',
      body: 'Peter Novák pridal fotografiu na site ZA-001 – Stavba Žilina – Hlavná',
      url,
    };
    expect(received(push, device)).toEqual([payload]);
    verifyVapid(String(request?.headers.authorization), push.baseUrl);

    // What the push service hands the browser reaches our service worker (DevTools delivers it).
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => !r.isDeleted), WAIT).toBe(true);
    const registration = registrations.find((r) => !r.isDeleted && r.scopeURL === `${server.url}/`);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: String(registration?.registrationId),
      data: JSON.stringify(payload),
    });
    const shown = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data }));
      });
    await expect.poll(shown, WAIT).toEqual([{ title: payload.title, body: payload.body, data: { url } }]);
    // The open page hears of it: the badge counts the new notification at once.
    await expect
      .poll(() => page.getByRole('button', { name: /^Notifikácie/ }).getAttribute('aria-label'), WAIT)
      .toBe('Notifikácie: 1 neprečítaných');

    // A click on the notification brings the open window to the gallery at that site and date.
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
    if (!worker) throw new Error('no service worker');
    await worker.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration } & EventTarget;
      const [n] = await scope.registration.getNotifications();
      const Ctor = (globalThis as unknown as { NotificationEvent: new (t: string, i: object) => Event })
        .NotificationEvent;
      scope.dispatchEvent(new Ctor('notificationclick', { notification: n }));
    });
    await page.waitForURL(`**${url}`);
    await seeHeading(page, 'Galéria site-ov');
    await expect.poll(shown, WAIT).toEqual([]);
  });

  test('logout: first the unsubscribe call, then user-logout, then a full load of /', async () => {
    const from = apiCalls.length;
    const unsubscribed = page.waitForRequest((r) => r.url().endsWith('/notification/push/unsubscribe'));
    await logOut(page);
    expect((await unsubscribed).postDataJSON()).toMatchObject({ endpoint: subscription.endpoint });
    expect(apiCalls.slice(from, from + 2)).toEqual([
      'POST /apis/api/v1/notification/push/unsubscribe',
      'POST /apis/user-logout',
    ]);
    // Only this browser's subscription is gone; the admin's other device keeps its own.
    const left = await rows(adminId);
    expect(left.map((r) => r.endpoint)).not.toContain(subscription.endpoint);
    expect(left).toHaveLength(1);
  });

  test('without the authority nothing is asked; a refused permission says Permission not granted', async () => {
    const create = async (firstName: string, permissions: string[]) => {
      const email = `${firstName.toLowerCase()}-${Date.now()}@test.sk`;
      const res = await admin.post('/apis/api/v1/user/create', {
        firstName,
        lastName: 'Testová',
        email,
        password: PASSWORD,
        permissions,
      });
      expect(res.status, res.text).toBe(200);
      return { email, id: res.body.data.id as number };
    };
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });

    const jozef = await create('Jozef', ['ADD_PHOTOS']);
    let from = apiCalls.length;
    await signIn(page, jozef.email, PASSWORD);
    await seeHeading(page, 'Home');
    await page.waitForTimeout(500);
    expect(apiCalls.slice(from).filter((c) => c.includes('/notification/'))).toEqual([]);
    await logOut(page);

    await context.clearPermissions();
    const eva = await create('Eva', ['NEW_PHOTO_NOTIFICATION']);
    from = apiCalls.length;
    await signIn(page, eva.email, PASSWORD);
    await page.getByRole('button', { name: /^Notifikácie/ }).waitFor();
    await expect.poll(() => errors.some((e) => e.includes('Permission not granted')), WAIT).toBe(true);
    expect(apiCalls.slice(from).filter((c) => c.includes('/notification/push/'))).toEqual([]);
    expect(await rows(eva.id)).toEqual([]);
  });
});
