import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HttpClient } from '../apps/server/src/test/http-client.ts';
import { DESKTOP, hasChromium, PHONE, VIEWPORTS } from './support/browser.ts';
import { checkScreen, type E2E, startE2E, type Viewport } from './support/e2e.ts';
import { seeMapTiles, serveFakeTiles } from './support/map-tiles.ts';
import { expectAbsent, seeHeading, seeText } from './support/page-helpers.ts';

const modal = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, body: string) => page.locator('.toast', { hasText: body });
const validationMessage = (field: Locator) => field.evaluate((el: HTMLInputElement) => el.validationMessage);

async function openSites(page: Page) {
  await page.goto('/administration/sites');
  await seeHeading(page, 'Site-y');
  await page.locator('tbody tr').first().waitFor();
}

/** The site the table lists under this search (its first row). */
async function siteNamed(admin: HttpClient, search: string) {
  const res = await admin.get(`/apis/api/v1/site/table?page=0&size=10&search=${encodeURIComponent(search)}`);
  return res.body.data.content[0] as {
    id: number;
    name: string;
    code: string;
    lat: number;
    lng: number;
    active: boolean;
  };
}

describe.skipIf(!hasChromium)('site form and the map picker', () => {
  let e2e: E2E;
  let admin: HttpClient;
  const open = async (vp: Viewport) => {
    const { context, page } = await e2e.signedInPage(vp);
    const tiles = await serveFakeTiles(context, e2e.url);
    const posted: string[] = [];
    page.on('request', (r) => {
      if (/\/site\/(create|update)/.test(r.url())) posted.push(r.url());
    });
    return { context, page, tiles, posted };
  };

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await e2e.server.admin();
    const create = async (name: string, code: string, lat: number, lng: number) => {
      const res = await admin.post('/apis/api/v1/site/create', { name, code, lat, lng });
      expect(res.status, res.text).toBe(200);
      return res.body.data.id as number;
    };
    await create('Most Žilina', 'ZA-01', 49.2231, 18.7394);
    await create('Tunel Višňové', 'TV-02', 49.1889, 18.6513);
    await create('Tunel Ovčiarsko', 'TO-03', 49.1889, 18.6513);
    const old = await create('Sklad Prešov', 'PO-OLD', 48.9984, 21.2339);
    expect((await admin.delete(`/apis/api/v1/site/delete/${old}`)).status).toBe(200);
  });
  afterAll(async () => e2e?.close());

  for (const vp of VIEWPORTS) {
    test(`create: every validation, then coordinates picked by a click on the map at ${vp.width}px`, async () => {
      const { page, tiles, posted } = await open(vp);
      await openSites(page);
      await page.getByRole('button', { name: 'Pridať site' }).click();
      const dialog = modal(page);
      await seeHeading(page, 'Pridať site');
      const name = dialog.getByLabel('Názov');
      const code = dialog.getByLabel('Kód');
      const lat = dialog.getByLabel('Zemepisná šírka');
      const lng = dialog.getByLabel('Zemepisná dĺžka');
      const confirm = dialog.getByRole('button', { name: 'Potvrdiť' });
      await checkScreen(page, 'site-create');

      // Native validity first, in Slovak: nothing is sent.
      await confirm.click();
      expect(await validationMessage(name)).toBe('Názov je povinný');
      expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
      await name.fill('Nová hala');
      await confirm.click();
      expect(await validationMessage(code)).toBe('Kód je povinný');
      await code.fill(`NH-${vp.width}`);

      // Then the location: missing while both coordinates are 0 or less.
      await confirm.click();
      await seeText(dialog, 'Je potrebné vybrať lokáciu');
      await lat.fill('-12');
      await lng.fill('-0.5');
      await confirm.click();
      await seeText(dialog, 'Je potrebné vybrať lokáciu');

      // Coordinate ranges.
      await lat.fill('95');
      await lng.fill('-200');
      await seeText(dialog, 'Zemepisná šírka musí byť od -90 do 90');
      await seeText(dialog, 'Zemepisná dĺžka musí byť od -180 do 180');
      await confirm.click();
      expect(await validationMessage(lat)).toBe('Zemepisná šírka musí byť od -90 do 90');
      expect(await validationMessage(lng)).toBe('Zemepisná dĺžka musí byť od -180 do 180');
      await lat.fill('48,1x');
      expect(await validationMessage(lat)).toBe('Zadajte číslo');
      await checkScreen(page, 'site-create-invalid');
      await lat.fill('');
      await lng.fill('');
      expect(posted).toEqual([]);

      // The picker: default centre, Potvrdiť disabled until a click sets the marker.
      await dialog.getByRole('button', { name: 'Vybrať na mape' }).click();
      await seeHeading(page, 'Pozícia site-u');
      const picker = modal(page);
      await seeText(picker, 'Poloha zatiaľ nie je vybraná.');
      expect(await picker.getByRole('button', { name: 'Potvrdiť' }).isDisabled()).toBe(true);
      await seeMapTiles(page, tiles);
      await expectAbsent(picker.getByRole('img', { name: 'Značka polohy' }));
      expect(tiles.tiles.some((t) => t.includes('/10/'))).toBe(true);
      await checkScreen(page, 'site-picker');
      const map = picker.locator('.leaflet-container');
      const box = await map.boundingBox();
      if (!box) throw new Error('map has no box');
      // Right of and above the centre (51.505, -0.09): east and north of it.
      await map.click({ position: { x: box.width / 2 + 60, y: box.height / 2 - 40 } });
      const marker = picker.getByRole('img', { name: 'Značka polohy' });
      await marker.waitFor();
      const pin = await marker.boundingBox();
      expect(pin && Math.abs(pin.x + pin.width / 2 - (box.x + box.width / 2 + 60))).toBeLessThan(3);
      const position = await picker.getByTestId('picker-position').innerText();
      const [pickedLat, pickedLng] = position.replace('Vybraná poloha: ', '').split(', ').map(Number);
      expect(pickedLat).toBeGreaterThan(51.505);
      expect(pickedLat).toBeLessThan(51.6);
      expect(pickedLng).toBeGreaterThan(-0.09);
      expect(pickedLng).toBeLessThan(0.05);
      await picker.getByRole('button', { name: 'Potvrdiť' }).click();

      await seeHeading(page, 'Pridať site');
      expect(await lat.inputValue()).toBe(String(pickedLat));
      expect(await lng.inputValue()).toBe(String(pickedLng));
      expect(await name.inputValue()).toBe('Nová hala');
      await expectAbsent(dialog.getByText('Je potrebné vybrať lokáciu'));
      const request = page.waitForRequest((r) => r.url().endsWith('/site/create'));
      await confirm.click();
      expect((await request).postDataJSON()).toEqual({
        name: 'Nová hala',
        code: `NH-${vp.width}`,
        lat: pickedLat,
        lng: pickedLng,
      });
      await dialog.waitFor({ state: 'detached' });
      await page.locator('tbody tr', { hasText: `NH-${vp.width}` }).waitFor();
      expect(await siteNamed(admin, `NH-${vp.width}`)).toMatchObject({
        name: 'Nová hala',
        lat: pickedLat,
        lng: pickedLng,
        active: true,
      });
    });
  }

  test('a duplicate code: the server refusal in Slovak, in a toast and at the field', async () => {
    const { page } = await open(DESKTOP);
    await openSites(page);
    await page.getByRole('button', { name: 'Pridať site' }).click();
    const dialog = modal(page);
    await dialog.getByLabel('Názov').fill('Iný most');
    await dialog.getByLabel('Kód').fill('za-01');
    await dialog.getByLabel('Zemepisná šírka').fill('48,5');
    await dialog.getByLabel('Zemepisná dĺžka').fill('19');
    const answer = page.waitForResponse((r) => r.url().endsWith('/site/create'));
    await dialog.getByRole('button', { name: 'Potvrdiť' }).click();
    expect((await answer).status()).toBe(409);
    const error = toast(page, 'Site s týmto kódom už existuje');
    await error.waitFor();
    await seeText(error, 'Chyba');
    await seeText(dialog, 'Site s týmto kódom už existuje');
    await checkScreen(page, 'site-create-duplicate');
    // The dialog stays with what was typed; a new code clears the refusal and saves.
    await dialog.getByLabel('Kód').fill('ZA-02');
    await expectAbsent(dialog.getByText('Site s týmto kódom už existuje'));
    await dialog.getByRole('button', { name: 'Potvrdiť' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await siteNamed(admin, 'ZA-02')).toMatchObject({ name: 'Iný most', lat: 48.5, lng: 19 });
  });

  for (const vp of VIEWPORTS) {
    test(`edit: the form loads the site, the picker opens on it and the device location moves it at ${vp.width}px`, async () => {
      const { context, page, tiles } = await open(vp);
      const [site, code] =
        vp.width === PHONE.width ? ['Tunel Višňové', 'TV-02'] : ['Tunel Ovčiarsko', 'TO-03'];
      await context.grantPermissions(['geolocation'], { origin: e2e.url });
      await context.setGeolocation({ latitude: 49.2, longitude: 18.75 + vp.width / 1e5 });
      await openSites(page);
      await page
        .locator('tbody tr', { hasText: site })
        .getByRole('button', { name: `Upraviť: ${site}` })
        .click();
      const dialog = modal(page);
      await seeHeading(page, 'Upraviť site');
      const lat = dialog.getByLabel('Zemepisná šírka');
      await page.waitForFunction(
        () => (document.getElementById('site-name') as HTMLInputElement | null)?.value,
      );
      expect(await dialog.getByLabel('Názov').inputValue()).toBe(site);
      expect(await dialog.getByLabel('Kód').inputValue()).toBe(code);
      expect(await lat.inputValue()).toBe('49.1889');
      expect(await dialog.getByLabel('Zemepisná dĺžka').inputValue()).toBe('18.6513');
      await expectAbsent(dialog.getByLabel('Aktívny'));
      await checkScreen(page, 'site-edit');

      await dialog.getByRole('button', { name: 'Vybrať na mape' }).click();
      const picker = modal(page);
      await seeHeading(page, 'Pozícia site-u');
      await seeText(picker, 'Vybraná poloha: 49.1889, 18.6513');
      await picker.getByRole('img', { name: 'Značka polohy' }).waitFor();
      expect(await picker.getByRole('button', { name: 'Potvrdiť' }).isEnabled()).toBe(true);
      await seeMapTiles(page, tiles);
      // Zavrieť keeps the form as it was.
      await picker.getByRole('button', { name: 'Zavrieť' }).last().click();
      await seeHeading(page, 'Upraviť site');
      expect(await lat.inputValue()).toBe('49.1889');

      const lng = String(Number((18.75 + vp.width / 1e5).toFixed(6)));
      await dialog.getByRole('button', { name: 'Vybrať na mape' }).click();
      await picker.getByRole('button', { name: 'Moja poloha' }).click();
      await seeText(picker, `Vybraná poloha: 49.2, ${lng}`);
      await checkScreen(page, 'site-picker-edit');
      await picker.getByRole('button', { name: 'Potvrdiť' }).click();
      await seeHeading(page, 'Upraviť site');
      expect(await lat.inputValue()).toBe('49.2');
      await dialog.getByLabel('Názov').fill(`${site} ${vp.width}`);
      const request = page.waitForRequest((r) => r.url().includes('/site/update/'));
      await dialog.getByRole('button', { name: 'Potvrdiť' }).click();
      expect((await request).postDataJSON()).toEqual({
        name: `${site} ${vp.width}`,
        code,
        lat: 49.2,
        lng: Number(lng),
      });
      await dialog.waitFor({ state: 'detached' });
      await page.locator('tbody tr', { hasText: `${site} ${vp.width}` }).waitFor();
    });
  }

  test('an inactive site can be reactivated from its form', async () => {
    const { page } = await open(PHONE);
    await openSites(page);
    const row = page.locator('tbody tr', { hasText: 'Sklad Prešov' });
    expect(await row.getAttribute('class')).toContain('table-danger');
    await row.getByRole('button', { name: 'Upraviť: Sklad Prešov' }).click();
    const dialog = modal(page);
    const active = dialog.getByLabel('Aktívny');
    await active.waitFor();
    expect(await active.isChecked()).toBe(false);
    await active.check();
    const request = page.waitForRequest((r) => r.url().includes('/site/update/'));
    await dialog.getByRole('button', { name: 'Potvrdiť' }).click();
    expect((await request).postDataJSON()).toMatchObject({ active: true, code: 'PO-OLD' });
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => ![...document.querySelectorAll('tbody tr')].some((r) => r.className.includes('table-danger')),
    );
    await row.getByRole('button', { name: 'Vymazať: Sklad Prešov' }).waitFor();
  });

  test('a site whose detail cannot be found opens an empty form', async () => {
    const { page } = await open(DESKTOP);
    await openSites(page);
    await page.route('**/site/detail/*', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Site sa nenašiel', code: 'NOT_FOUND' }),
      }),
    );
    await page.getByRole('button', { name: 'Upraviť: Most Žilina' }).click();
    const dialog = modal(page);
    await seeHeading(page, 'Upraviť site');
    const name = dialog.getByLabel('Názov');
    await name.waitFor();
    for (const label of ['Názov', 'Kód', 'Zemepisná šírka', 'Zemepisná dĺžka'])
      expect(await dialog.getByLabel(label).inputValue()).toBe('');
  });

  test('the picker still works when no tile can load', async () => {
    const { page, posted } = await open(PHONE);
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openSites(page);
    await page.getByRole('button', { name: 'Pridať site' }).click();
    await modal(page).getByRole('button', { name: 'Vybrať na mape' }).click();
    const picker = modal(page);
    await seeHeading(page, 'Pozícia site-u');
    const map = picker.locator('.leaflet-container');
    await map.waitFor();
    await page.locator('.leaflet-tile').first().waitFor({ state: 'attached' });
    await map.click();
    await picker.getByRole('img', { name: 'Značka polohy' }).waitFor();
    await picker.getByRole('button', { name: 'Potvrdiť' }).click();
    await seeHeading(page, 'Pridať site');
    expect(await modal(page).getByLabel('Zemepisná šírka').inputValue()).toMatch(/^51\.\d+$/);
    expect(errors).toEqual([]);
    expect(posted).toEqual([]);
  });
});
