import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HttpClient } from '../apps/server/src/test/http-client.ts';
import { chunkIndex, createSites, galleryItems, openCapture, phoneAt, pickSite } from './capture-kit.ts';
import { hasChromium } from './support/browser.ts';
import { checkScreen, type E2E, startE2E } from './support/e2e.ts';

/** Chromium's stand-in camera and microphone, granted without a prompt. */
const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** The keys in the recorder's IndexedDB store (spec §3: `videoDB` v1, store `chunks`). */
const storedChunkKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('videoDB', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction('chunks').objectStore('chunks').getAllKeys();
          req.onsuccess = () => {
            db.close();
            resolve(req.result.map(String));
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );

const camera = (page: Page) => page.getByRole('dialog', { name: 'Kamera' });
const timer = (page: Page) => page.getByRole('timer', { name: 'Dĺžka záznamu' });

async function openCamera(page: Page) {
  await page.getByRole('button', { name: 'Kamerovať' }).click();
  await camera(page).waitFor();
  const record = page.getByRole('button', { name: 'Nahrávať' });
  await page.waitForFunction(
    () => !document.querySelector('button[aria-label="Nahrávať"]')?.hasAttribute('disabled'),
  );
  return record;
}

/** Waits until the video preview has a picture, then plays it and sees the time run. */
async function previewPlays(page: Page) {
  const selector = 'video[aria-label="Náhľad videa"]';
  await page.locator(selector).waitFor();
  await page.waitForFunction((s) => {
    const v = document.querySelector<HTMLVideoElement>(s);
    return !!v && v.readyState >= 2 && v.videoWidth > 0 && v.controls;
  }, selector);
  await page.evaluate(async (s) => {
    const v = document.querySelector<HTMLVideoElement>(s) as HTMLVideoElement;
    v.muted = true;
    await v.play();
  }, selector);
  // A short recording may reach its end first: playing through counts as playing.
  await page.waitForFunction((s) => {
    const v = document.querySelector<HTMLVideoElement>(s);
    return !!v && v.currentTime > 0 && (v.currentTime > 0.5 || v.ended);
  }, selector);
}

describe.skipIf(!hasChromium)('capture: the in-app camera', () => {
  let e2e: E2E;
  let admin: HttpClient;
  let sites: Record<string, number>;
  beforeAll(async () => {
    e2e = await startE2E({ chromiumArgs: FAKE_MEDIA });
    admin = await e2e.server.admin();
    sites = await createSites(admin);
  });
  afterAll(async () => e2e?.close());

  test('record about 3 s, stop, upload with the recorded type, the preview plays, assign, in the gallery', async () => {
    const { context, page } = await phoneAt(e2e);
    const chunkTypes = new Set<string>();
    page.on('request', (r) => {
      if (chunkIndex(r) === null) return;
      chunkTypes.add(`${r.headers()['content-type']} ${new URL(r.url()).searchParams.get('contentType')}`);
    });
    await openCapture(page);
    const record = await openCamera(page);
    expect(await timer(page).textContent()).toBe('00:00');
    expect(await storedChunkKeys(page)).toEqual([]);
    await record.click();
    const stop = page.getByRole('button', { name: 'Zastaviť' });
    await stop.waitFor();
    await page.waitForFunction(() => document.querySelector('[role=timer]')?.textContent === '00:03');
    await checkScreen(page, 'capture-camera');
    // One chunk a second is kept in the browser, so a crashed tab loses at most a second.
    expect((await storedChunkKeys(page)).length).toBeGreaterThanOrEqual(2);
    expect((await storedChunkKeys(page)).every((k) => /^chunk-\d+$/.test(k))).toBe(true);
    await stop.click();

    await camera(page).waitFor({ state: 'detached' });
    await previewPlays(page);
    expect([...chunkTypes]).toEqual(['video/webm video/webm']);
    // Uploaded: the recorder's store is emptied.
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('videoDB', 1);
          open.onsuccess = () => {
            const req = open.result.transaction('chunks').objectStore('chunks').count();
            req.onsuccess = () => {
              open.result.close();
              resolve(req.result === 0);
            };
          };
        }),
    );

    await page.getByRole('button', { name: 'Uložiť' }).click();
    await pickSite(page, 'Žil', /^ZA-01 – Žilina Rondel/);
    const items = await galleryItems(admin, sites['ZA-01']);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'VIDEO', mimeType: 'video/webm', siteCode: 'ZA-01' });
    await context.close();
  });

  test('Back closes the camera and stays on the screen; reopening starts the timer from zero', async () => {
    const { context, page } = await phoneAt(e2e);
    await openCapture(page);
    const record = await openCamera(page);
    await record.click();
    await page.waitForFunction(() => document.querySelector('[role=timer]')?.textContent === '00:01');
    await page.goBack();
    await camera(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: 'Vyfotiť' }).waitFor();
    // The abandoned recording was not uploaded.
    expect(await page.getByRole('progressbar').count()).toBe(0);

    await openCamera(page);
    expect(await timer(page).textContent()).toBe('00:00');
    await page.getByRole('button', { name: 'Zavrieť' }).click();
    await camera(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  test('a tab that dies while recording: on return the kept chunks are uploaded by themselves', async () => {
    const { context, page } = await phoneAt(e2e);
    await openCapture(page);
    await (await openCamera(page)).click();
    await page.waitForFunction(() => document.querySelector('[role=timer]')?.textContent === '00:03');
    expect((await storedChunkKeys(page)).length).toBeGreaterThanOrEqual(2);
    // A reload ends the page without the recorder's stop, as a crash would.
    await page.reload();
    await previewPlays(page);
    await page.getByRole('button', { name: 'Znova nahrať' }).click();
    await page.getByRole('button', { name: 'Vyfotiť' }).waitFor();
    await context.close();
  });
});
