import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { HttpClient } from '../apps/server/src/test/http-client.ts';
import { PHONE, ROOT } from './support/browser.ts';
import { ADMIN, type E2E } from './support/e2e.ts';
import { seeHeading } from './support/page-helpers.ts';

/** The shared fixtures sit beside the repository (../shared), wherever it is checked out. */
export const MEDIA = path.join(ROOT, '../shared/fixtures/media');
const CONTENT = '/apis/api/v1/site-content';

/** Sites spread over Slovakia; a device in Košice has KE-01 nearest, then PO-01. */
export const SITES = [
  { name: 'Bratislava Eurovea', code: 'BA-01', lat: 48.1405, lng: 17.1245 },
  { name: 'Žilina Rondel', code: 'ZA-01', lat: 49.2231, lng: 18.7394 },
  { name: 'Košice Aupark', code: 'KE-01', lat: 48.7164, lng: 21.2611 },
  { name: 'Prešov Centrum', code: 'PO-01', lat: 48.9985, lng: 21.2393 },
] as const;
export const KOSICE = { latitude: 48.72, longitude: 21.25 };

export async function createSites(admin: HttpClient): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const site of SITES) {
    const res = await admin.post('/apis/api/v1/site/create', site);
    expect(res.status, res.text).toBe(200);
    ids[site.code] = res.body.data.id;
  }
  return ids;
}

/**
 * A real phone photo re-encoded at full quality: a JPEG of several 1 MiB chunks (the fixture
 * itself fits in one).
 */
export async function multiChunkJpeg(): Promise<{ file: string; bytes: Buffer }> {
  const bytes = await sharp(path.join(MEDIA, 'jolla-phone.jpg')).jpeg({ quality: 100 }).toBuffer();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sd-capture-'));
  const file = path.join(dir, 'stavba.jpg');
  await fs.writeFile(file, bytes);
  return { file, bytes };
}

/** A page at phone width, signed in as the admin, whose device reports a position in Košice. */
export async function phoneAt(e2e: E2E, opts: { userAgent?: string } = {}) {
  const context = await e2e.browser.newContext({
    viewport: PHONE,
    baseURL: e2e.url,
    locale: 'sk-SK',
    reducedMotion: 'reduce',
    userAgent: opts.userAgent,
  });
  await context.grantPermissions(['geolocation'], { origin: e2e.url });
  await context.setGeolocation(KOSICE);
  const res = await context.request.post('/apis/authenticate', {
    form: { username: ADMIN.email, password: ADMIN.password, 'remember-me': 'on' },
  });
  expect(res.status()).toBe(200);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function openCapture(page: Page): Promise<void> {
  await page.goto('/');
  await seeHeading(page, 'Home');
  await page.getByRole('button', { name: 'Vyfotiť' }).waitFor();
}

/** The chunk index of an upload request, or null for any other request. */
export function chunkIndex(req: Request): number | null {
  if (req.method() !== 'POST' || !req.url().includes(`${CONTENT}/upload?`)) return null;
  return Number(req.headers()['x-chunk-index']);
}

/**
 * Counts the chunk requests that reach the server, per index. `decide(index, n)` may hold the n-th
 * try of a chunk back (a slow network) or make it fail as a lost network would ('abort': it never
 * reaches the server).
 */
export type ChunkFate = 'abort' | 'continue';

export async function countChunks(
  context: BrowserContext,
  decide: (index: number, n: number) => ChunkFate | Promise<ChunkFate> = () => 'continue',
) {
  const reached = new Map<number, number>();
  const tries = new Map<number, number>();
  await context.route(`**${CONTENT}/upload?*`, async (route) => {
    const index = chunkIndex(route.request());
    if (index === null) return route.continue();
    const n = (tries.get(index) ?? 0) + 1;
    tries.set(index, n);
    if ((await decide(index, n)) === 'abort') return route.abort('internetdisconnected');
    reached.set(index, (reached.get(index) ?? 0) + 1);
    return route.continue();
  });
  return reached;
}

/** Picks the site in the open 'Vyber Site' dialog by typing part of its name. */
export async function pickSite(page: Page, search: string, label: RegExp) {
  const dialog = page.getByRole('dialog', { name: 'Vyber Site' });
  await dialog.getByRole('combobox').fill(search);
  await dialog.getByRole('option', { name: label }).click();
  await dialog.getByRole('button', { name: 'Potvrdiť' }).click();
  await page.locator('.toast', { hasText: 'Váš záznam bol úspešne priradený k site-u.' }).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

export type GalleryItem = { id: number; type: 'IMAGE' | 'VIDEO'; mimeType: string; siteCode: string };

/** The media items of a site, through the gallery API (the admin's view). */
export async function galleryItems(admin: HttpClient, siteId: number): Promise<GalleryItem[]> {
  const folders = await admin.get(`${CONTENT}/gallery`, { query: { siteId, page: 0, size: 15 } });
  expect(folders.status, folders.text).toBe(200);
  const items: GalleryItem[] = [];
  for (const folder of folders.body.data.content as { key: string }[]) {
    const media = await admin.get(`${CONTENT}/gallery/folder/${folder.key}`, {
      query: { page: 0, size: 100 },
    });
    expect(media.status, media.text).toBe(200);
    items.push(...media.body.data.content);
  }
  return items;
}

export async function mediaBytes(admin: HttpClient, id: number): Promise<Buffer> {
  const res = await fetch(new URL(`${CONTENT}/media/${id}/file`, admin.baseUrl), {
    headers: { cookie: `SESSION=${admin.cookie}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
