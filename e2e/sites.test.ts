import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HttpClient } from '../apps/server/src/test/http-client.ts';
import { DESKTOP, hasChromium, VIEWPORTS } from './support/browser.ts';
import { checkScreen, type E2E, startE2E, type Viewport } from './support/e2e.ts';
import { seeMapTiles, serveFakeTiles } from './support/map-tiles.ts';
import { expectAbsent, seeHeading, seeText } from './support/page-helpers.ts';

const XSS = '<img src=x onerror=alert(1)>';
const rowOf = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });
const modal = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, body: string) => page.locator('.toast', { hasText: body });

/** Opens the sites screen (unless already there), optionally searches, and waits for its rows. */
async function openSites(page: Page, search?: string) {
  if (!page.url().endsWith('/administration/sites')) {
    await page.goto('/administration/sites');
    await seeHeading(page, 'Site-y');
    await page.locator('tbody tr').first().waitFor();
  }
  if (search !== undefined) {
    const answered = page.waitForResponse(
      (r) => r.url().includes('/site/table') && new URL(r.url()).searchParams.get('search') === search,
    );
    await page.getByRole('searchbox', { name: 'Vyhľadávanie' }).fill(search);
    await answered;
  }
}

describe.skipIf(!hasChromium)('sites screen: table, search, pager, map, deactivation', () => {
  let e2e: E2E;
  let admin: HttpClient;
  const open = async (vp: Viewport) => {
    const { context, page } = await e2e.signedInPage(vp);
    const tiles = await serveFakeTiles(context, e2e.url);
    // A name with markup must never run: any alert would be a script the page executed.
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    return { page, tiles, dialogs };
  };

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await e2e.server.admin();
    const create = async (name: string, code: string, lat = 48.1486, lng = 17.1077) => {
      const res = await admin.post('/apis/api/v1/site/create', { name, code, lat, lng });
      expect(res.status, res.text).toBe(200);
      return res.body.data.id as number;
    };
    await create('Most Žilina', 'ZA-01', 49.2231, 18.7394);
    await create('Bratislava Nivy', 'BA-NIVY');
    await create(XSS, 'XSS-1');
    const old = await create('Starý sklad Košice', 'KE-OLD', 48.7164, 21.2611);
    expect((await admin.delete(`/apis/api/v1/site/delete/${old}`)).status).toBe(200);
    for (let i = 1; i <= 22; i += 1) await create(`Stavba ${String(i).padStart(3, '0')}`, `S-${i}`);
  });
  afterAll(async () => e2e?.close());

  for (const vp of VIEWPORTS) {
    test(`table: columns, accent-insensitive search, the inactive tint, its actions and the delete confirmation at ${vp.width}px`, async () => {
      const { page } = await open(vp);
      await openSites(page);
      for (const name of ['Názov', 'Kód', 'Mapa', 'Akcie'])
        await page.getByRole('columnheader', { name }).waitFor();
      expect(await page.locator('tbody tr').count()).toBe(10);
      await page.getByRole('button', { name: 'Pridať site' }).waitFor();
      await checkScreen(page, 'sites');

      await openSites(page, 'zilina');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
      const zilina = rowOf(page, 'Most Žilina');
      await seeText(zilina, 'ZA-01');
      expect(await zilina.getAttribute('class')).toBeNull();
      for (const action of ['Zobraziť na mape', 'Upraviť', 'Vymazať'])
        await zilina.getByRole('button', { name: `${action}: Most Žilina` }).waitFor();

      await openSites(page, 'KOSICE');
      const old = rowOf(page, 'Starý sklad Košice');
      await old.waitFor();
      expect(await old.getAttribute('class')).toContain('table-danger');
      await old.getByRole('button', { name: 'Upraviť: Starý sklad Košice' }).waitFor();
      await old.getByRole('button', { name: 'Zobraziť na mape: Starý sklad Košice' }).waitFor();
      await expectAbsent(old.getByRole('button', { name: /Vymazať/ }));
      await checkScreen(page, 'sites-inactive');

      // The search covers the code too.
      await openSites(page, 'ba-nivy');
      await rowOf(page, 'Bratislava Nivy').waitFor();
      await openSites(page, 'neexistuje');
      await seeText(page, 'Žiadne dáta na zobrazenie');

      // Delete asks first, naming the code; Nie keeps the site.
      await openSites(page, 'Stavba 001');
      const row = rowOf(page, 'Stavba 001');
      await row.getByRole('button', { name: 'Vymazať: Stavba 001' }).click();
      const dialog = modal(page);
      await seeHeading(page, 'Upozornenie');
      const text = await seeText(dialog, 'Naozaj chcete vymazať site: S-1');
      expect(await text.evaluate((el) => el.closest('.text-danger') !== null)).toBe(true);
      await checkScreen(page, 'site-deactivate-confirm');
      await dialog.getByRole('button', { name: 'Nie' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await row.getAttribute('class')).toBeNull();
    });
  }

  test('a name with markup shows as text and runs nothing', async () => {
    const { page, dialogs } = await open(DESKTOP);
    await openSites(page, 'onerror');
    const row = rowOf(page, 'XSS-1');
    await row.waitFor();
    expect(await row.locator('td').first().innerText()).toBe(XSS);
    await expectAbsent(page.locator('tbody img'));
    await row.getByRole('button', { name: `Zobraziť na mape: ${XSS}` }).click();
    await seeHeading(page, XSS);
    await expectAbsent(modal(page).locator('img[src="x"]'));
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });
    await row.getByRole('button', { name: `Vymazať: ${XSS}` }).click();
    await seeText(modal(page), 'Naozaj chcete vymazať site: XSS-1');
    await modal(page).getByRole('button', { name: 'Nie' }).click();
    expect(dialogs).toEqual([]);
  });

  test('pager: ten to a page, zero-based requests', async () => {
    const { page } = await open(DESKTOP);
    await openSites(page);
    const pager = page.getByRole('navigation', { name: 'Stránkovanie' });
    expect((await pager.locator('li').allInnerTexts()).map((t) => t.trim())).toEqual(['1', '2', '3']);
    const third = page.waitForRequest((r) => r.url().includes('/site/table') && r.url().includes('page=2&'));
    await pager.getByRole('button', { name: '3' }).click();
    await third;
    await page.waitForFunction(
      () => document.querySelector('nav [aria-current="page"]')?.textContent === '3',
    );
    // 26 sites: 10 + 10 + 6, sorted by name.
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 6);
  });

  for (const vp of VIEWPORTS) {
    test(`read-only map modal: tiles, the marker, a click moves nothing, zoom stops at 17 at ${vp.width}px`, async () => {
      const { page, tiles } = await open(vp);
      await openSites(page, 'zilina');
      await rowOf(page, 'Most Žilina').getByRole('button', { name: 'Zobraziť na mape: Most Žilina' }).click();
      const dialog = modal(page);
      await seeHeading(page, 'Most Žilina');
      await seeText(dialog, 'ZA-01');
      await seeText(dialog, '49.2231, 18.7394');
      await dialog.getByRole('region', { name: 'Mapa: Most Žilina' }).waitFor();
      await seeMapTiles(page, tiles);
      const marker = dialog.getByRole('img', { name: 'Značka polohy' });
      await marker.waitFor();
      // The marker stands at the map's centre (the site's point), not somewhere off screen.
      const map = await dialog.locator('.leaflet-container').boundingBox();
      const pin = await marker.boundingBox();
      if (!map || !pin) throw new Error('map or marker has no box');
      expect(Math.abs(pin.x + pin.width / 2 - (map.x + map.width / 2))).toBeLessThan(3);
      expect(Math.abs(pin.y + pin.height - (map.y + map.height / 2))).toBeLessThan(3);
      await checkScreen(page, 'site-map');
      await dialog.locator('.leaflet-container').click({ position: { x: 30, y: map.height - 40 } });
      expect(await dialog.getByRole('img', { name: 'Značka polohy' }).count()).toBe(1);
      expect(await marker.boundingBox()).toEqual(pin);
      // It opens at street level (15); spec §9 stops zooming in at 17.
      const zoomIn = dialog.getByRole('button', { name: 'Priblížiť' });
      for (const level of [16, 17]) {
        // Leaflet drops a zoom asked for while the previous one still animates (Map._tryAnimatedZoom),
        // so each step waits for the map to settle, as a user watching it would.
        await page.waitForFunction(() => !document.querySelector('.leaflet-map-pane.leaflet-zoom-anim'));
        await zoomIn.click();
        await page.waitForFunction(
          (z) =>
            !document.querySelector('.leaflet-map-pane.leaflet-zoom-anim') &&
            [...document.querySelectorAll('img.leaflet-tile-loaded')].some((t) =>
              t.getAttribute('src')?.includes(`/${z}/`),
            ),
          level,
        );
      }
      await page.waitForFunction(() =>
        document.querySelector('a.leaflet-control-zoom-in')?.classList.contains('leaflet-disabled'),
      );
      expect(tiles.tiles.some((t) => t.includes('/18/'))).toBe(false);
      await dialog.getByRole('button', { name: 'Zavrieť' }).last().click();
      await dialog.waitFor({ state: 'detached' });
    });
  }

  test('deactivate: Áno deactivates with a toast, the row turns red and loses its delete button', async () => {
    const { page } = await open(DESKTOP);
    await openSites(page, 'Bratislava');
    const row = rowOf(page, 'Bratislava Nivy');
    await row.getByRole('button', { name: 'Vymazať: Bratislava Nivy' }).click();
    const removed = page.waitForResponse((r) => r.url().includes('/site/delete/'));
    await modal(page).getByRole('button', { name: 'Áno' }).click();
    expect((await removed).status()).toBe(200);
    const ok = toast(page, 'Site bol deaktivovaný');
    await ok.waitFor();
    await seeText(ok, 'Site vymazaný');
    await page.waitForFunction(() => document.querySelector('tbody tr')?.className.includes('table-danger'));
    await expectAbsent(row.getByRole('button', { name: /Vymazať/ }));
    await checkScreen(page, 'site-deactivated');
    const listed = await admin.get('/apis/api/v1/site/table?page=0&size=10&search=nivy');
    expect(listed.body.data.content[0]).toMatchObject({ code: 'BA-NIVY', active: false });
  });

  test('a failed list load empties the list', async () => {
    const { page } = await open(DESKTOP);
    await openSites(page);
    await page.route('**/site/table*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"x","code":"X"}' }),
    );
    await page.getByRole('searchbox', { name: 'Vyhľadávanie' }).fill('most');
    await seeText(page, 'Žiadne dáta na zobrazenie');
    await expectAbsent(page.locator('tbody tr', { hasText: 'Most Žilina' }));
    await expectAbsent(page.getByRole('navigation', { name: 'Stránkovanie' }));
  });
});
