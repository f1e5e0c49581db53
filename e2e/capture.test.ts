import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HttpClient } from '../apps/server/src/test/http-client.ts';
import {
  type ChunkFate,
  countChunks,
  createSites,
  galleryItems,
  MEDIA,
  mediaBytes,
  multiChunkJpeg,
  openCapture,
  phoneAt,
  pickSite,
} from './capture-kit.ts';
import { DESKTOP, hasChromium } from './support/browser.ts';
import { checkScreen, type E2E, startE2E } from './support/e2e.ts';
import { seeText } from './support/page-helpers.ts';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Clicks a capture button and returns the file picker it opened. */
async function chooser(page: Page, button: string) {
  const [picker] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return picker;
}

const inputAttrs = async (picker: Awaited<ReturnType<typeof chooser>>) => ({
  accept: await picker.element().getAttribute('accept'),
  capture: await picker.element().getAttribute('capture'),
});

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

describe.skipIf(!hasChromium)('capture screen', () => {
  let e2e: E2E;
  let admin: HttpClient;
  let sites: Record<string, number>;
  let jpeg: { file: string; bytes: Buffer };
  beforeAll(async () => {
    e2e = await startE2E();
    admin = await e2e.server.admin();
    sites = await createSites(admin);
    jpeg = await multiChunkJpeg();
  });
  afterAll(async () => e2e?.close());

  test('a multi-chunk photo: pickers, progress, preview, nearest site first, assignment, in the gallery', async () => {
    const { context, page } = await phoneAt(e2e);
    // The third chunk waits for the test, so the progress bar can be seen (and checked) mid-upload.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reached = await countChunks(context, async (index): Promise<ChunkFate> => {
      if (index === 2) await released;
      return 'continue';
    });
    await openCapture(page);
    await seeText(page, 'Kamerovať');
    await seeText(page, 'Nahrať fotografiu/video');
    await checkScreen(page, 'capture');

    expect(await inputAttrs(await chooser(page, 'Vyfotiť'))).toEqual({
      accept: 'image/*',
      capture: 'environment',
    });
    const upload = await chooser(page, 'Nahrať fotografiu/video');
    expect(await inputAttrs(upload)).toEqual({ accept: 'image/*,video/*', capture: null });
    await upload.setFiles(jpeg.file);

    const bar = page.getByRole('progressbar', { name: 'Nahrávanie' });
    await bar.waitFor();
    await page.waitForFunction(
      () => Number(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')) > 0,
    );
    const pct = Number(await bar.getAttribute('aria-valuenow'));
    expect(pct).toBeGreaterThan(0);
    expect(pct).toBeLessThan(100);
    await seeText(bar, `${pct}%`);
    expect(await bar.locator('.progress-bar-striped.progress-bar-animated').count()).toBe(1);
    await checkScreen(page, 'capture-uploading');
    release();

    const preview = page.getByRole('img', { name: 'Náhľad fotografie' });
    await preview.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('img[alt="Náhľad fotografie"]') as HTMLImageElement)?.naturalWidth > 0,
    );
    await page.getByRole('button', { name: 'Znova nahrať' }).waitFor();
    await checkScreen(page, 'capture-preview');
    expect([...reached.values()].every((n) => n === 1)).toBe(true);
    expect(reached.size).toBe(Math.ceil(jpeg.bytes.length / 1048576));

    // The picker asks for sites near the device (the location was asked once, on opening).
    const nearby = page.waitForRequest((r) => r.url().includes('/site/select'));
    await page.getByRole('button', { name: 'Uložiť' }).click();
    const select = new URL((await nearby).url());
    expect(Number(select.searchParams.get('lat'))).toBeCloseTo(48.72, 3);
    expect(Number(select.searchParams.get('lng'))).toBeCloseTo(21.25, 3);
    const dialog = page.getByRole('dialog', { name: 'Vyber Site' });
    await seeText(dialog, 'Hľadať site...');
    await dialog.getByRole('button', { name: 'Zavrieť' }).waitFor();
    await dialog.locator('#site-picker-input').click();
    const options = dialog.getByRole('option');
    await options.first().waitFor();
    expect((await options.allTextContents()).map((t) => t.slice(0, 5))).toEqual([
      'KE-01',
      'PO-01',
      'ZA-01',
      'BA-01',
    ]);
    await checkScreen(page, 'capture-site-picker');
    // Spec §5: Potvrdiť does not check the choice itself; the server's answer names the missing site.
    await dialog.getByRole('button', { name: 'Potvrdiť' }).click();
    await toast(page, 'Site je povinný').waitFor();
    // Zavrieť goes back to the preview; Uložiť opens the picker again.
    await dialog.getByRole('button', { name: 'Zavrieť' }).click();
    await dialog.waitFor({ state: 'detached' });
    await preview.waitFor();
    await page.getByRole('button', { name: 'Uložiť' }).click();
    await dialog.waitFor();

    await context.route('**/site/select?*search=*', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await dialog.locator('#site-picker-input').fill('nikde');
    await seeText(dialog, 'Loading...');
    await seeText(dialog, 'No options');
    await pickSite(page, 'Koš', /^KE-01 – Košice Aupark/);
    await page.getByRole('button', { name: 'Vyfotiť' }).waitFor();
    await seeText(page, 'Záznam bol úspešne vytvorený');

    const items = await galleryItems(admin, sites['KE-01']);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'IMAGE', mimeType: 'image/jpeg', siteCode: 'KE-01' });
    expect((await mediaBytes(admin, items[0].id)).equals(jpeg.bytes)).toBe(true);
    await context.close();
  });

  test('the three buttons at desktop width', async () => {
    const { context, page } = await e2e.signedInPage(DESKTOP);
    await openCapture(page);
    await seeText(page, 'Nahrať fotografiu/video');
    await checkScreen(page, 'capture');
    await context.close();
  });

  test('on iOS Kamerovať is the native video capture, not the in-app camera', async () => {
    const { context, page } = await phoneAt(e2e, { userAgent: IPHONE_UA });
    await openCapture(page);
    expect(await inputAttrs(await chooser(page, 'Kamerovať'))).toEqual({
      accept: 'video/*',
      capture: 'environment',
    });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  test('a refused file: the failure toast with the server text, try again, give up', async () => {
    const { context, page } = await phoneAt(e2e);
    await openCapture(page);
    await (await chooser(page, 'Nahrať fotografiu/video')).setFiles(path.join(MEDIA, 'corrupted.jpg'));
    const message = 'Fotografia je poškodená a nedá sa spracovať. Skúste ju nahrať znova.';
    await toast(page, 'Nahrávanie bolo neúspešné').filter({ hasText: message }).waitFor();
    await page.getByRole('progressbar', { name: 'Nahrávanie' }).waitFor();
    await page.getByRole('button', { name: 'Zrušiť' }).waitFor();
    await checkScreen(page, 'capture-upload-failed');

    // Trying again asks the server, which gives the same answer: the toast comes back.
    await toast(page, message).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Skúsiť znova' }).click();
    await toast(page, message).waitFor();
    await page.getByRole('button', { name: 'Zrušiť' }).click();
    await page.getByRole('button', { name: 'Vyfotiť' }).waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await context.close();
  });

  test('Znova nahrať deletes the temp file and returns to the buttons', async () => {
    const { context, page } = await phoneAt(e2e);
    await openCapture(page);
    const done = page.waitForResponse((r) => r.url().includes('/site-content/upload?') && r.status() === 200);
    await (await chooser(page, 'Vyfotiť')).setFiles({
      name: 'foto.jpg',
      mimeType: 'image/jpeg',
      buffer: await fs.readFile(path.join(MEDIA, 'nikon-coolpix-gps.jpg')),
    });
    const { fileKey } = (await (await done).json()).data;
    await page.getByRole('img', { name: 'Náhľad fotografie' }).waitFor();
    expect((await context.request.get(`/apis/api/v1/site-content/temp/${fileKey}`)).status()).toBe(200);

    const deleted = page.waitForResponse((r) => r.url().includes(`/delete-temp-file/${fileKey}`));
    await page.getByRole('button', { name: 'Znova nahrať' }).click();
    expect((await deleted).status()).toBe(200);
    await page.getByRole('button', { name: 'Vyfotiť' }).waitFor();
    expect((await context.request.get(`/apis/api/v1/site-content/temp/${fileKey}`)).status()).toBe(404);
    // Nothing is left to resume: a reload shows the buttons, not the old preview.
    await page.reload();
    await page.getByRole('button', { name: 'Vyfotiť' }).waitFor();
    expect(await page.getByRole('img', { name: 'Náhľad fotografie' }).count()).toBe(0);
    await context.close();
  });
});
