import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP, hasChromium, PHONE } from './support/browser.ts';
import { checkScreen, type E2E, startE2E } from './support/e2e.ts';
import { expectAbsent, seeHeading, seeText } from './support/page-helpers.ts';

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const MINUTE = 60_000;
const T0 = Date.parse('2026-11-23T08:00:00Z');

const banner = (page: Page) => page.getByRole('region', { name: 'Inštalácia aplikácie' });
const stored = (page: Page) =>
  page.evaluate(() => ({
    count: localStorage.getItem('installBanner.dismissCount'),
    showAgainAt: localStorage.getItem('installBanner.showAgainAt'),
  }));

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (b: Buffer) => ({
  png: b.subarray(1, 4).toString() === 'PNG',
  w: b.readUInt32BE(16),
  h: b.readUInt32BE(20),
});

async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js'));
}

describe.skipIf(!hasChromium)('installable app: manifest, service worker, offline, install banner', () => {
  let e2e: E2E;
  let profile: string;
  let android: BrowserContext | undefined;
  beforeAll(async () => {
    e2e = await startE2E();
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-pwa-'));
  });
  afterAll(async () => {
    await android?.close();
    await e2e?.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  test('the manifest, its icons and /sw.js (no-cache) as the server serves them', async () => {
    const sw = await fetch(`${e2e.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    const source = await sw.text();
    for (const word of ['showNotification', 'notificationclick', 'index.html'])
      expect(source).toContain(word);

    const html = await (await fetch(`${e2e.url}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    const manifest = await (await fetch(`${e2e.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({
      name: 'Stavebný denník',
      short_name: 'Denník',
      lang: 'sk',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1f3a5f',
      background_color: '#f3f5f8',
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of [...icons, { src: '/apple-touch-icon.png', sizes: '180x180' }]) {
      const res = await fetch(`${e2e.url}${icon.src}`);
      expect(res.headers.get('content-type'), icon.src).toBe('image/png');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(Buffer.from(await res.arrayBuffer())), icon.src).toEqual({ png: true, w, h });
    }
  });

  test('after one visit the app opens offline, at any address; a desktop gets no install banner', async () => {
    const { context, page } = await e2e.signedInPage(DESKTOP);
    await page.goto('/administration/users');
    await seeHeading(page, 'Používatelia');
    await controlled(page);
    await expectAbsent(banner(page));

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    // Without the server the session check fails: the app shell shows its sign-in screen.
    await seeHeading(page, 'Prihlásenie');
    const deep = await page.goto('/administration/sites-gallery?siteId=1');
    expect(deep?.fromServiceWorker()).toBe(true);
    await seeHeading(page, 'Prihlásenie');
    await context.setOffline(false);
  });

  test('Chromium finds the app installable; on an Android phone the banner offers Inštalovať', async () => {
    // A persistent profile: Chromium refuses installing (and the install offer) in incognito.
    android = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: e2e.url,
      locale: 'sk-SK',
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      userAgent: ANDROID_UA,
      reducedMotion: 'reduce',
    });
    const page = android.pages()[0] ?? (await android.newPage());
    await page.clock.setFixedTime(T0);
    await page.goto('/');
    await seeHeading(page, 'Prihlásenie');
    await controlled(page);
    const cdp = await android.newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);

    // The browser's own install offer (beforeinstallprompt) brings the banner.
    await seeText(banner(page), 'Nainštalujte si aplikáciu na plochu pre rýchly prístup.');
    await banner(page).getByRole('button', { name: 'Inštalovať' }).waitFor();
    expect(await stored(page)).toEqual({ count: '0', showAgainAt: null });
    await checkScreen(page, 'install-banner-android');

    // ✕: hidden for 7200 minutes, the dismissal counted.
    await banner(page).getByRole('button', { name: 'Zavrieť' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await stored(page)).toEqual({ count: '1', showAgainAt: String(T0 + 7200 * MINUTE) });
    await page.clock.setFixedTime(T0 + 7200 * MINUTE - MINUTE);
    await page.reload();
    await seeHeading(page, 'Prihlásenie');
    await page.waitForTimeout(500);
    await expectAbsent(banner(page));

    // Back after the show-again time; the third dismissal is the last.
    let now = T0 + 7200 * MINUTE;
    for (const count of ['2', '3']) {
      await page.clock.setFixedTime(now);
      await page.reload();
      await banner(page).waitFor();
      await banner(page).getByRole('button', { name: 'Zavrieť' }).click();
      expect(await stored(page)).toEqual({ count, showAgainAt: String(now + 7200 * MINUTE) });
      now += 7200 * MINUTE;
    }
    await page.clock.setFixedTime(now + 365 * 24 * 60 * MINUTE);
    await page.reload();
    await seeHeading(page, 'Prihlásenie');
    await page.waitForTimeout(500);
    await expectAbsent(banner(page));

    // Inštalovať hands over to the browser's own install dialog and the banner goes.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await banner(page).waitFor();
    await banner(page).getByRole('button', { name: 'Inštalovať' }).click();
    await banner(page).waitFor({ state: 'detached' });
  });

  test('on iOS the banner explains Zdieľať → Pridať na plochu, and not once installed', async () => {
    const context = await e2e.browser.newContext({
      baseURL: e2e.url,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      userAgent: IPHONE_UA,
      locale: 'sk-SK',
      reducedMotion: 'reduce',
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await seeText(banner(page), 'Pridať na plochu');
      await seeText(banner(page), 'Zdieľať');
      await expectAbsent(banner(page).getByRole('button', { name: 'Inštalovať' }));
      await checkScreen(page, 'install-banner-ios');

      // Opened from the home screen (Safari's navigator.standalone): no banner.
      const installed = await context.newPage();
      await installed.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
      await installed.goto('/');
      await seeHeading(installed, 'Prihlásenie');
      await installed.waitForTimeout(500);
      await expectAbsent(banner(installed));
    } finally {
      await context.close();
    }
  });
});
