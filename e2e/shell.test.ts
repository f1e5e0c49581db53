import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HttpClient } from '../apps/server/src/test/http-client.ts';
import { DESKTOP, hasChromium, PHONE, VIEWPORTS } from './support/browser.ts';
import { checkScreen, type E2E, startE2E } from './support/e2e.ts';
import { expectAbsent, seeHeading, seeText } from './support/page-helpers.ts';

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Hlavné menu' });
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const menuLink = (page: Page, name: string) => sidebar(page).getByRole('link', { name, exact: true });
const userMenu = (page: Page) => page.getByRole('button', { name: /Používateľské menu/ });

describe.skipIf(!hasChromium)('authenticated shell', () => {
  let e2e: E2E;
  let admin: HttpClient;
  beforeAll(async () => {
    e2e = await startE2E();
    admin = await e2e.server.admin();
  });
  afterAll(async () => e2e?.close());

  const userWith = async (authorities: string[], firstName = 'Ema', lastName = 'Malá') => {
    const email = `${authorities.join('-').toLowerCase() || 'nic'}-${Date.now()}@test.sk`;
    const res = await admin.post('/apis/api/v1/user/create', {
      firstName,
      lastName,
      email,
      password: 'Heslo123',
      permissions: authorities,
    });
    expect(res.status, res.text).toBe(200);
    return { email, password: 'Heslo123' };
  };

  test('desktop: two-pane sidebar, tabs, active item, hamburger', async () => {
    const { page } = await e2e.signedInPage(DESKTOP);
    await page.goto('/');
    await seeHeading(page, 'Home');
    expect(await sidebar(page).isVisible()).toBe(true);
    expect(await tab(page, 'Navigácia').getAttribute('aria-selected')).toBe('true');
    expect(await menuLink(page, 'Home').getAttribute('aria-current')).toBe('page');
    await checkScreen(page, 'shell-home');

    await tab(page, 'Administrácia').click();
    for (const name of ['Site-y', 'Galéria site-ov', 'Používatelia', 'Exporty'])
      await menuLink(page, name).waitFor();
    await checkScreen(page, 'shell-administration-tab');
    await menuLink(page, 'Používatelia').click();
    await page.waitForURL('**/administration/users');
    await seeHeading(page, 'Používatelia');
    expect(await menuLink(page, 'Používatelia').getAttribute('aria-current')).toBe('page');
    expect(await menuLink(page, 'Site-y').getAttribute('aria-current')).toBeNull();

    // Active matching ignores case, and the group holding the active item opens by itself.
    await page.goto('/ADMINISTRATION/Users');
    await seeHeading(page, 'Používatelia');
    expect(await tab(page, 'Administrácia').getAttribute('aria-selected')).toBe('true');
    expect(await menuLink(page, 'Používatelia').getAttribute('aria-current')).toBe('page');

    // The placeholders of the other administration screens, each under its menu title.
    for (const [name, path] of [
      ['Site-y', '/administration/sites'],
      ['Galéria site-ov', '/administration/sites-gallery'],
      ['Exporty', '/administration/exports'],
    ]) {
      await menuLink(page, name).click();
      await page.waitForURL(`**${path}`);
      await seeHeading(page, name);
    }

    await page.getByRole('button', { name: 'Prepnúť menu' }).click();
    await sidebar(page).waitFor({ state: 'hidden' });
    await checkScreen(page, 'shell-drawer-closed');
    await page.getByRole('button', { name: 'Prepnúť menu' }).click();
    await sidebar(page).waitFor({ state: 'visible' });
  });

  test('phone: the drawer opens over the content and the overlay or a link closes it', async () => {
    const { page } = await e2e.signedInPage(PHONE);
    await page.goto('/');
    await seeHeading(page, 'Home');
    expect(await sidebar(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Prepnúť menu' }).click();
    await sidebar(page).waitFor();
    await page.getByRole('button', { name: 'Zavrieť menu' }).waitFor();
    await checkScreen(page, 'shell-drawer-open');
    await page.getByRole('button', { name: 'Zavrieť menu' }).click({ position: { x: 370, y: 400 } });
    await sidebar(page).waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Prepnúť menu' }).click();
    await tab(page, 'Administrácia').click();
    await menuLink(page, 'Používatelia').click();
    await seeHeading(page, 'Používatelia');
    await sidebar(page).waitFor({ state: 'hidden' });
    await checkScreen(page, 'shell-phone-users');
  });

  for (const vp of VIEWPORTS) {
    test(`user dropdown with avatar, name and e-mail at ${vp.width}px`, async () => {
      const { page } = await e2e.signedInPage(vp);
      await page.goto('/');
      await userMenu(page).click();
      const menu = page.locator('.user-menu');
      await seeText(menu, 'Admin Administrátor');
      await seeText(menu, 'admin@test.sk');
      await menu.getByRole('link', { name: 'Zmeniť heslo' }).waitFor();
      await menu.getByRole('button', { name: 'Odhlásiť sa' }).waitFor();
      const avatar = userMenu(page).locator('.avatar');
      expect(await avatar.textContent()).toBe('AA');
      const style = await avatar.evaluate((el) => {
        const s = getComputedStyle(el);
        return { font: Number.parseFloat(s.fontSize), bg: s.backgroundColor, color: s.color };
      });
      expect(style.font).toBeGreaterThanOrEqual(12);
      expect(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']).toContain(style.color);
      expect(style.bg).toMatch(/^rgb\(/);
      await checkScreen(page, 'user-menu');
      await menu.getByRole('link', { name: 'Zmeniť heslo' }).click();
      await page.waitForURL('**/change-password');
      await seeHeading(page, 'Zmena hesla');
    });
  }

  test('authority filtering: the menu hides what a user may not open and the route shows the 404 page', async () => {
    const photographer = await userWith(['ADD_PHOTOS']);
    const { page } = await e2e.signedInPage(DESKTOP, photographer.email, photographer.password);
    await page.goto('/');
    await seeHeading(page, 'Home');
    await tab(page, 'Navigácia').waitFor();
    await expectAbsent(tab(page, 'Administrácia'));
    await page.goto('/administration/users');
    await seeText(page, 'Stránka nebola nájdená');
    await expectAbsent(page.getByRole('heading', { name: 'Používatelia' }));
    await checkScreen(page, 'forbidden');
    await page.getByRole('link', { name: 'Domov' }).click();
    await seeHeading(page, 'Home');

    const manager = await userWith(['MANAGE_USERS']);
    const { page: other } = await e2e.signedInPage(DESKTOP, manager.email, manager.password);
    await other.goto('/');
    await seeText(other, 'Stránka nebola nájdená');
    await expectAbsent(tab(other, 'Navigácia'));
    await tab(other, 'Administrácia').waitFor();
    await menuLink(other, 'Používatelia').waitFor();
    await expectAbsent(menuLink(other, 'Site-y'));
    await expectAbsent(menuLink(other, 'Exporty'));
  });

  for (const vp of VIEWPORTS) {
    test(`404 page at ${vp.width}px`, async () => {
      const { page } = await e2e.signedInPage(vp);
      await page.goto('/toto/neexistuje');
      await seeHeading(page, 'Stránka nebola nájdená');
      await checkScreen(page, 'not-found');
      await page.getByRole('link', { name: 'Domov' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await seeHeading(page, 'Home');
    });
  }

  test('the content scrolls to the top on a path change', async () => {
    const { page } = await e2e.signedInPage(DESKTOP);
    await page.goto('/');
    await seeHeading(page, 'Home');
    await page.evaluate(() => {
      const filler = document.createElement('div');
      filler.style.height = '4000px';
      document.querySelector('.app-content')?.appendChild(filler);
      window.scrollTo({ top: 2000, behavior: 'instant' });
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await tab(page, 'Administrácia').click();
    await menuLink(page, 'Exporty').click();
    await seeHeading(page, 'Exporty');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  for (const vp of VIEWPORTS) {
    test(`change password: old password required, server error in red, success toast at ${vp.width}px`, async () => {
      const user = await userWith(['ADD_PHOTOS'], 'Ján', 'Heslový');
      const { page } = await e2e.signedInPage(vp, user.email, user.password);
      await page.goto('/change-password');
      await seeHeading(page, 'Zmena hesla');
      await seeText(
        page,
        'Heslo musí obsahovať minimálne 8 znakov, z toho aspoň jedno veľké písmeno a číslicu',
      );
      await checkScreen(page, 'change-password');
      // Empty old password: the browser refuses the form.
      await page.getByLabel('Nové heslo', { exact: true }).fill('Nove12345');
      await page.getByLabel('Zopakujte nové heslo').fill('Nove12345');
      await page.getByRole('button', { name: 'Zmeniť heslo' }).click();
      expect(
        await page.getByLabel('Pôvodné heslo').evaluate((el: HTMLInputElement) => el.validity.valueMissing),
      ).toBe(true);
      await page.getByLabel('Pôvodné heslo').fill('Zle12345');
      await page.getByRole('button', { name: 'Zmeniť heslo' }).click();
      const failure = await seeText(page, 'Pôvodné heslo nie je správne');
      expect(await failure.evaluate((el) => el.classList.contains('text-danger'))).toBe(true);
      await checkScreen(page, 'change-password-failed');
      await page.getByLabel('Pôvodné heslo').fill(user.password);
      await page.getByRole('button', { name: 'Zmeniť heslo' }).click();
      const toast = page.locator('.toast', { hasText: 'Vaše heslo bolo úspešne zmenené.' });
      await toast.waitFor();
      await seeText(toast, 'Zmena hesla');
      await checkScreen(page, 'change-password-done');
    });
  }

  test('logout calls the server and returns to the login form; a lost session does too', async () => {
    const { page, context } = await e2e.signedInPage(DESKTOP);
    await page.goto('/administration/users');
    await seeHeading(page, 'Používatelia');
    await userMenu(page).click();
    const logout = page.waitForRequest((r) => r.url().endsWith('/apis/user-logout') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Odhlásiť sa' }).click();
    await logout;
    await page.waitForURL((u) => u.pathname === '/');
    await seeHeading(page, 'Prihlásenie');
    expect((await context.request.get('/apis/auth-check')).status()).toBe(401);

    // A 401 from any call (here the users table after the session ended elsewhere) returns to sign-in.
    const { page: second, context: ctx2 } = await e2e.signedInPage(DESKTOP);
    await second.goto('/administration/users');
    await seeHeading(second, 'Používatelia');
    await ctx2.clearCookies();
    await second.getByRole('searchbox', { name: 'Vyhľadávanie' }).fill('niekto');
    await seeHeading(second, 'Prihlásenie');
  });
});
