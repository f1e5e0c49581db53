import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exportsOf } from '../apps/server/src/modules/exports/exports.module.ts';
import { readZip, unzipTest } from '../apps/server/src/modules/exports/testing/export-kit.ts';
import type { HttpClient } from '../apps/server/src/test/http-client.ts';
import { DESKTOP, hasChromium, VIEWPORTS } from './support/browser.ts';
import { checkScreen, type E2E, startE2E } from './support/e2e.ts';
import { type Captured, fixture, gallerySeeder, png, type Site } from './support/gallery-seed.ts';
import { expectAbsent, seeHeading, seeText } from './support/page-helpers.ts';

const GALLERY = '/administration/sites-gallery';
const EXPORTS = '/administration/exports';
const API = '/apis/api/v1/site-content';
const WAIT = { timeout: 15_000 };
const HINT = 'Informácie o priebehu nájdete v záložke Exporty.';

const rows = (page: Page) => page.locator('tbody tr[data-export-id]');
const rowNamed = (page: Page, text: string) => rows(page).filter({ hasText: text });
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function openExports(page: Page) {
  await page.goto(EXPORTS);
  await seeHeading(page, 'Exporty');
  await rows(page).first().waitFor();
}

/** Queues an export over HTTP; five unfinished at once is the limit, so wait out a 429. */
async function queue(client: HttpClient, query: Record<string, string | number>) {
  for (;;) {
    const res = await client.get(`${API}/export`, { query });
    if (res.status === 200) return;
    expect(res.status, res.text).toBe(429);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!hasChromium)('exports screen', () => {
  let e2e: E2E;
  let bridge: Site;
  let bridgeItems: Captured[];
  let brokenItem: number;
  const dialogs: string[] = [];

  beforeAll(async () => {
    e2e = await startE2E();
    const admin = await e2e.server.admin();
    const seed = await gallerySeeder(e2e.server, admin);
    const eva = await seed.author('Eva', 'Malá');
    bridge = await seed.site('Most cez Váh', 'MV-100');
    const hall = await seed.site('Hala Sever', 'HS-200');
    const store = await seed.site('Sklad náradia', 'SK-300');
    bridgeItems = [
      await seed.capture(eva, bridge, fixture('nikon-coolpix-gps.jpg'), 'image/jpeg'),
      await seed.capture(eva, bridge, fixture('jolla-phone.jpg'), 'image/jpeg'),
      await seed.capture(eva, bridge, await png('MV', '#1f3a5f'), 'image/png'),
    ];
    await seed.capture(eva, hall, await png('HS', '#7a4b2a'), 'image/png');
    brokenItem = (await seed.capture(eva, store, await png('SK', '#555'), 'image/png')).id;

    // Older exports for the pager: twelve that find nothing (quick, empty ZIPs) and one whose
    // file went missing from storage, so it fails with a message longer than fifty characters.
    const db = e2e.server.app.ctx.db.kysely;
    const { storage_key } = await db
      .selectFrom('media_items')
      .select('storage_key')
      .where('id', '=', brokenItem)
      .executeTakeFirstOrThrow();
    await e2e.server.app.ctx.storage.delete(storage_key);
    await queue(admin, { siteId: store.id });
    for (let i = 1; i <= 12; i += 1) await queue(admin, { search: `nič ${i}` });
    const unfinished = async () => {
      const res = await admin.get(`${API}/exports`, { query: { page: 0, size: 100 } });
      return (res.body.data.content as { status: { id: string } }[]).filter((r) =>
        /PENDING|PROCESSING/.test(r.status.id),
      ).length;
    };
    while ((await unfinished()) > 0) await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(async () => e2e?.close());

  test('queued from the gallery, seen waiting, then done without a reload; the ZIP downloads whole', async () => {
    const { page } = await e2e.signedInPage(DESKTOP);
    page.on('dialog', (d) => dialogs.push(d.message()));
    // Hold the worker: the export must be seen waiting before it runs.
    const worker = exportsOf(e2e.server.app.ctx).worker;
    const kick = worker.kick.bind(worker);
    worker.kick = () => Promise.resolve();
    try {
      await page.goto(GALLERY);
      await page.getByRole('button', { name: 'Otvoriť site: Most cez Váh (MV-100)' }).click();
      await page.getByRole('list', { name: 'Dátumy' }).waitFor();
      await page.getByRole('button', { name: 'Exportovať' }).click();
      const toast = page.locator('.toast', { hasText: HINT });
      await seeText(toast, 'Export');
      await seeText(toast, `Export bol zaradený do poradia. ${HINT}`);

      await openExports(page);
      await seeText(page, 'Exporty sú automaticky mazané po 7 dňoch');
      const row = rowNamed(page, 'Site: MV-100 – Most cez Váh');
      await seeText(row, 'Čaká v poradí');
      await seeText(row, 'Export čaká na spracovanie.');
      await expectAbsent(row.getByRole('link'));
    } finally {
      worker.kick = kick;
    }
    await kick();
    const row = rowNamed(page, 'Site: MV-100 – Most cez Váh');
    await row.getByText('Dokončený', { exact: true }).waitFor(WAIT);
    await row.getByText(/^Hotovo: 3 súbory, [\d,]+ (kB|MB)\.$/).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: /^Stiahnuť/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Export MV-100 – Most cez Váh \d{4}-\d{2}-\d{2}\.zip$/);
    const file = await download.path();
    const entries = await readZip(file);
    const byId = new Map(bridgeItems.map((c) => [c.id, c]));
    expect(entries.size).toBe(3);
    for (const [name, entry] of entries) {
      const m = /^MV-100 - Most cez Váh\/(\d{4}-\d{2}-\d{2})\/[^/]+_Eva Malá_(\d+)\.(jpg|png)$/.exec(name);
      expect(m, name).not.toBeNull();
      const item = byId.get(Number(m?.[2]));
      expect(item, name).toBeDefined();
      expect(m?.[1]).toBe(item?.siteDate);
      expect(entry.sha256).toBe(sha(item?.bytes as Buffer));
      byId.delete(Number(m?.[2]));
    }
    const tested = await unzipTest(file);
    if (tested !== undefined) expect(tested).toMatch(/No errors detected/);
    expect(dialogs).toEqual([]);
  });

  test('an export name shows markup as text and breaks lines only at <br>', async () => {
    const { page } = await e2e.signedInPage(DESKTOP);
    page.on('dialog', (d) => dialogs.push(d.message()));
    await page.goto(GALLERY);
    const evil = '<img src=x onerror=alert(1)><b>tučné</b>';
    await page.getByLabel('Hľadať', { exact: true }).fill(evil);
    await page.getByLabel('Dátum od').fill('2026-01-01');
    await page.getByRole('button', { name: 'Exportovať' }).click();
    await seeText(page.locator('.toast'), `Export bol zaradený do poradia. ${HINT}`);
    // The export took what was typed, and the gallery shows the same filters.
    expect(new URL(page.url()).searchParams.get('search')).toBe(evil);
    await seeText(page, 'Žiadne dáta na zobrazenie');

    await openExports(page);
    const row = rowNamed(page, `Hľadať: ${evil}`);
    await row.getByText('Dokončený', { exact: true }).waitFor(WAIT);
    const name = row.locator('td').first();
    expect(await name.innerText()).toBe(`Hľadať: ${evil}\nOd: 1. 1. 2026`);
    expect(await name.locator('br').count()).toBe(1);
    await expectAbsent(name.locator('img, b'));
    // Forty-nine characters: shown whole, nothing to open.
    await seeText(row, 'Filtrom nezodpovedá žiadny súbor, ZIP je prázdny.');
    await expectAbsent(row.getByRole('button'));
    expect(dialogs).toEqual([]);
  });

  test('the export button is only for those who may export', async () => {
    const admin = await e2e.server.admin();
    const viewer = await admin.createUser(['VIEW_GALLERY']);
    const { page } = await e2e.signedInPage(DESKTOP, viewer.email, viewer.password);
    await page.goto(GALLERY);
    await page.getByRole('list', { name: 'Site-y' }).waitFor();
    await page.getByRole('button', { name: 'Filtrovať' }).waitFor();
    await expectAbsent(page.getByRole('button', { name: 'Exportovať' }));
  });

  for (const vp of VIEWPORTS) {
    test(`list at ${vp.width}px: statuses, a long message in the Správa modal, the pager (axe)`, async () => {
      const { page } = await e2e.signedInPage(vp);
      await openExports(page);
      expect(await rows(page).count()).toBe(10);
      const pages = page.getByRole('navigation', { name: 'Stránkovanie' });
      await pages.getByText('2', { exact: true }).click();
      const failed = rowNamed(page, 'Site: SK-300 – Sklad náradia');
      await seeText(failed, 'Neúspešný');
      await expectAbsent(failed.getByRole('link'));
      const full = `Export zlyhal: súbor položky č. ${brokenItem} sa v úložisku nenašiel.`;
      expect(full.length).toBeGreaterThan(50);
      const cut = failed.getByRole('button', { name: `${full.slice(0, 50)}...`, exact: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await checkScreen(page, 'exports');
      await cut.click();
      const dialog = page.getByRole('dialog', { name: 'Správa' });
      await seeText(dialog, full);
      await checkScreen(page, 'exports-message');
      await dialog.getByRole('button', { name: 'Zavrieť' }).first().click();
      await dialog.waitFor({ state: 'detached' });
    });
  }
});
