import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUploadsModule } from '../apps/server/src/modules/uploads/uploads.module.ts';
import type { HttpClient } from '../apps/server/src/test/http-client.ts';
import {
  chunkIndex,
  countChunks,
  createSites,
  galleryItems,
  mediaBytes,
  multiChunkJpeg,
  openCapture,
  phoneAt,
  pickSite,
} from './capture-kit.ts';
import { hasChromium } from './support/browser.ts';
import { type E2E, startE2E } from './support/e2e.ts';
import { seeText } from './support/page-helpers.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function uploadThroughPicker(page: Page, file: string) {
  const [picker] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Nahrať fotografiu/video' }).click(),
  ]);
  await picker.setFiles(file);
}

/** The fileKey of the preview on screen. */
async function previewKey(page: Page): Promise<string> {
  const img = page.getByRole('img', { name: 'Náhľad fotografie' });
  await img.waitFor();
  return ((await img.getAttribute('src')) ?? '').split('/').pop() ?? '';
}

describe.skipIf(!hasChromium)('capture: an interrupted upload finishes by itself', () => {
  let e2e: E2E;
  let admin: HttpClient;
  let sites: Record<string, number>;
  let jpeg: { file: string; bytes: Buffer };
  let chunks: number;
  beforeAll(async () => {
    e2e = await startE2E();
    admin = await e2e.server.admin();
    sites = await createSites(admin);
    jpeg = await multiChunkJpeg();
    chunks = Math.ceil(jpeg.bytes.length / 1048576);
  });
  afterAll(async () => e2e?.close());

  test('the network drops mid-upload and comes back: no held chunk is sent again, the file arrives whole', async () => {
    const { context, page } = await phoneAt(e2e);
    const uploadIds = new Set<string>();
    page.on('request', (r) => {
      if (chunkIndex(r) !== null) uploadIds.add(new URL(r.url()).searchParams.get('uploadId') ?? '');
    });
    const reached = await countChunks(context, async (index, n) => {
      if (index !== 1 || n !== 1) return 'continue';
      await context.setOffline(true);
      return 'abort';
    });
    await openCapture(page);
    await uploadThroughPicker(page, jpeg.file);
    await seeText(page, 'Čakám na pripojenie...');
    await page.getByRole('progressbar', { name: 'Nahrávanie' }).waitFor();
    await context.setOffline(false);

    const fileKey = await previewKey(page);
    expect([...reached.entries()].sort((a, b) => a[0] - b[0])).toEqual(
      Array.from({ length: chunks }, (_, i) => [i, 1]),
    );
    expect([...uploadIds]).toHaveLength(1);
    expect([...uploadIds][0]).toMatch(UUID_V4);
    const stored = await context.request.get(`/apis/api/v1/site-content/temp/${fileKey}`);
    expect(Buffer.from(await stored.body()).equals(jpeg.bytes)).toBe(true);
    await context.close();
  });

  test('a reload mid-upload resumes from the chunks the server holds; the file waits in the browser until assigned', async () => {
    const { context, page } = await phoneAt(e2e);
    let cut = true;
    const reached = await countChunks(context, (index) => (cut && index >= 2 ? 'abort' : 'continue'));
    const progress: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/site-content/upload/')) progress.push(r.url());
    });
    await openCapture(page);
    await uploadThroughPicker(page, jpeg.file);
    await seeText(page, 'Čakám na pripojenie...');
    expect([...reached.keys()]).toEqual([0, 1]);

    await page.reload();
    cut = false;
    await previewKey(page);
    // The reloaded page asked the server what it held and sent only the rest, each chunk once.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect([...reached.entries()].sort((a, b) => a[0] - b[0])).toEqual(
      Array.from({ length: chunks }, (_, i) => [i, 1]),
    );

    // Uploaded but not yet assigned: a reload returns to the same preview, nothing sent again.
    const first = await previewKey(page);
    const checked = page.waitForResponse((r) => r.url().includes('/site-content/upload/'));
    await page.reload();
    expect(await previewKey(page)).toBe(first);
    expect((await (await checked).json()).data.complete).toBe(true);
    expect([...reached.values()].every((n) => n === 1)).toBe(true);

    // A day later the server has dropped the unassigned file; the copy kept in the browser is sent again.
    await createUploadsModule(e2e.server.app.ctx).cleanup.run(Date.now() + 25 * 3600_000);
    expect((await context.request.get(`/apis/api/v1/site-content/temp/${first}`)).status()).toBe(404);
    await page.reload();
    await page.waitForFunction((old) => {
      const src = document.querySelector('img[alt="Náhľad fotografie"]')?.getAttribute('src') ?? old;
      return !src.endsWith(old);
    }, first);
    const fileKey = await previewKey(page);
    expect([...reached.values()].every((n) => n === 2)).toBe(true);

    await page.getByRole('button', { name: 'Uložiť' }).click();
    await pickSite(page, 'Preš', /^PO-01 – Prešov Centrum/);
    const items = await galleryItems(admin, sites['PO-01']);
    expect(items).toHaveLength(1);
    expect((await mediaBytes(admin, items[0].id)).equals(jpeg.bytes)).toBe(true);
    expect(fileKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    // Assigned: the browser keeps nothing, a reload shows the buttons.
    await page.reload();
    await page.getByRole('button', { name: 'Vyfotiť' }).waitFor();
    expect(await page.getByRole('img', { name: 'Náhľad fotografie' }).count()).toBe(0);
    await context.close();
  });
});
