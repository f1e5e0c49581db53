import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UsersRepository } from '../apps/server/src/modules/users/users.repository.ts';
import type { HttpClient } from '../apps/server/src/test/http-client.ts';
import { DESKTOP, hasChromium, VIEWPORTS } from './support/browser.ts';
import { checkScreen, type E2E, linkIn, startE2E } from './support/e2e.ts';
import { expectAbsent, seeHeading, seeText } from './support/page-helpers.ts';

const rowOf = (page: Page, name: string) => page.locator('tbody tr', { hasText: name });
const modal = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, body: string) => page.locator('.toast', { hasText: body });

/** Opens the users screen and waits for its table. */
async function openUsers(page: Page, search?: string) {
  await page.goto('/administration/users');
  await seeHeading(page, 'Používatelia');
  await page.locator('tbody tr').first().waitFor();
  if (search) {
    await page.getByRole('searchbox', { name: 'Vyhľadávanie' }).fill(search);
    await page.waitForResponse((r) => r.url().includes('/user/table') && r.url().includes('search='));
  }
}

describe.skipIf(!hasChromium)('users screen', () => {
  let e2e: E2E;
  let admin: HttpClient;
  beforeAll(async () => {
    e2e = await startE2E();
    admin = await e2e.server.admin();
    // Enough users for more than ten pages of ten (the pager's ellipses), written straight to the
    // database: hashing 120 passwords over HTTP would only slow the test down.
    const repo = new UsersRepository(e2e.server.app.ctx.db.kysely);
    const now = Date.now();
    for (let i = 1; i <= 118; i += 1) {
      await repo.insert(
        {
          firstName: 'Hromadný',
          lastName: `Používateľ ${String(i).padStart(3, '0')}`,
          email: `hromadny${i}@test.sk`,
          passwordHash: null,
          admin: false,
          active: true,
          status: 'ACTIVE',
          changePassword: false,
          permissions: ['ADD_PHOTOS'],
        },
        now,
      );
    }
    const create = async (body: Record<string, unknown>) => {
      const res = await admin.post('/apis/api/v1/user/create', body);
      expect(res.status, res.text).toBe(200);
      return res.body.data.id as number;
    };
    await create({
      firstName: 'Zuzana',
      lastName: 'Čakajúca',
      email: 'zuzana@test.sk',
      sendAuthorizationEmail: true,
      permissions: ['VIEW_GALLERY', 'EXPORT_GALLERY'],
    });
    const inactive = await create({
      firstName: 'Igor',
      lastName: 'Neaktívny',
      email: 'igor@test.sk',
      password: 'Heslo123',
      permissions: ['MANAGE_SITES'],
    });
    expect((await admin.delete(`/apis/api/v1/user/delete/${inactive}`)).status).toBe(200);
  });
  afterAll(async () => e2e?.close());

  for (const vp of VIEWPORTS) {
    test(`table: columns, badges, row tints, tooltip and the actions each row allows at ${vp.width}px`, async () => {
      const { page } = await e2e.signedInPage(vp);
      await openUsers(page);
      for (const name of ['Meno', 'Email', 'Oprávnenia', 'Akcie'])
        await page.getByRole('columnheader', { name }).waitFor();
      expect(await page.locator('tbody tr').count()).toBe(10);
      await page.getByRole('button', { name: 'Pridať používateľa' }).waitFor();
      await checkScreen(page, 'users');

      await openUsers(page, 'Zuzana');
      const waiting = rowOf(page, 'Zuzana Čakajúca');
      await waiting.waitFor();
      expect(await waiting.getAttribute('class')).toContain('table-warning');
      await seeText(waiting, 'Prezeranie galérie');
      await seeText(waiting, 'Export galérie');
      await waiting.getByRole('button', { name: 'Odoslať aktivačný email: Zuzana Čakajúca' }).waitFor();
      await waiting.getByRole('button', { name: 'Vymazať: Zuzana Čakajúca' }).waitFor();
      await waiting.getByRole('button', { name: 'Čaká na potvrdenie emailu' }).hover();
      await page.getByRole('tooltip', { name: 'Čaká na potvrdenie emailu' }).waitFor();
      await checkScreen(page, 'users-tooltip');

      await openUsers(page, 'Igor');
      const inactive = rowOf(page, 'Igor Neaktívny');
      await inactive.waitFor();
      expect(await inactive.getAttribute('class')).toContain('table-danger');
      await inactive.getByRole('button', { name: 'Upraviť: Igor Neaktívny' }).waitFor();
      await expectAbsent(inactive.getByRole('button', { name: /Vymazať/ }));
      await expectAbsent(inactive.getByRole('button', { name: /Odoslať aktivačný email/ }));

      await openUsers(page, 'admin@test.sk');
      const self = rowOf(page, 'Admin Administrátor');
      await seeText(self, 'Administrátor');
      expect(await self.getAttribute('class')).toBeNull();
      await expectAbsent(self.getByRole('button', { name: /Odoslať aktivačný email/ }));
    });
  }

  test('pager: zero-based pages, ellipses past ten pages, first/previous/next/last', async () => {
    const { page } = await e2e.signedInPage(DESKTOP);
    await openUsers(page);
    const pager = page.getByRole('navigation', { name: 'Stránkovanie' });
    const items = async () => (await pager.locator('li').allInnerTexts()).map((t) => t.trim());
    const pages: number = (await admin.get('/apis/api/v1/user/table?size=10')).body.data.totalPages;
    expect(pages).toBeGreaterThan(10);
    const current = (n: number) =>
      page.waitForFunction(
        (label) => document.querySelector('nav [aria-current="page"]')?.textContent === label,
        String(n),
      );
    expect(await items()).toEqual(['«', '‹', '1', '2', '3', '…', '›', '»']);
    const last = page.waitForRequest(
      (r) => r.url().includes('/user/table') && r.url().includes(`page=${pages - 1}&`),
    );
    await pager.getByRole('button', { name: 'Posledná strana' }).click();
    await last;
    await current(pages);
    expect(await items()).toEqual([
      '«',
      '‹',
      '…',
      String(pages - 2),
      String(pages - 1),
      String(pages),
      '›',
      '»',
    ]);
    await pager.getByRole('button', { name: String(pages - 2) }).click();
    await current(pages - 2);
    expect(await items()).toEqual(
      ['«', '‹', '…', pages - 4, pages - 3, pages - 2, pages - 1, pages, '›', '»'].map(String),
    );
    await checkScreen(page, 'users-pager');
    await pager.getByRole('button', { name: 'Prvá strana' }).click();
    await current(1);
  });

  test('a name with markup shows as text and runs nothing', async () => {
    const xss = '<img src=x onerror=alert(1)>';
    const res = await admin.post('/apis/api/v1/user/create', {
      firstName: xss,
      lastName: '<b>Tučný</b>',
      email: 'markup@test.sk',
      password: 'Markup123',
      permissions: ['ADD_PHOTOS'],
    });
    expect(res.status, res.text).toBe(200);
    const { page } = await e2e.signedInPage(DESKTOP);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await openUsers(page, 'markup@test.sk');
    const row = rowOf(page, 'markup@test.sk');
    await row.waitFor();
    await expect.poll(() => row.locator('td').first().innerText()).toBe(`${xss} <b>Tučný</b>`);
    await expectAbsent(page.locator('tbody img, tbody b'));
    await row.getByRole('button', { name: `Upraviť: ${xss} <b>Tučný</b>` }).click();
    await expect.poll(() => modal(page).getByLabel('Meno', { exact: true }).inputValue()).toBe(xss);
    await expectAbsent(modal(page).locator('img[src="x"]'));
    expect(dialogs).toEqual([]);
  });

  test('search waits 250 ms after typing and goes back to page 0', async () => {
    const { page } = await e2e.signedInPage(DESKTOP);
    await openUsers(page);
    await page.getByRole('navigation', { name: 'Stránkovanie' }).getByRole('button', { name: '2' }).click();
    await page.waitForFunction(
      () => document.querySelector('nav [aria-current="page"]')?.textContent === '2',
    );
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/user/table')) searches.push(new URL(r.url()).search);
    });
    await page
      .getByRole('searchbox', { name: 'Vyhľadávanie' })
      .pressSequentially('Používateľ 11', { delay: 40 });
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 9);
    // 13 keystrokes 40 ms apart: without the debounce that is 13 searches. A loaded machine may stall
    // the browser past 250 ms between two keys (one extra search), so allow a few, never one per key.
    expect(searches.at(-1)).toBe('?page=0&size=10&search=Pou%C5%BE%C3%ADvate%C4%BE+11');
    expect(searches.length).toBeLessThanOrEqual(3);
    await expectAbsent(page.getByRole('navigation', { name: 'Stránkovanie' }));
  });

  for (const vp of VIEWPORTS) {
    test(`create modal: every rule of the form at ${vp.width}px`, async () => {
      const { page } = await e2e.signedInPage(vp);
      await openUsers(page);
      await page.getByRole('button', { name: 'Pridať používateľa' }).click();
      const dialog = modal(page);
      await seeHeading(page, 'Pridať používateľa');
      await dialog.getByLabel('Heslo', { exact: true }).waitFor();
      await dialog.getByLabel('Prezeranie galérie').waitFor();
      await checkScreen(page, 'user-create');

      // Required fields stop the form in the browser.
      let sent = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/user/create')) sent += 1;
      });
      await dialog.getByRole('button', { name: 'Potvrdiť' }).click();
      expect(
        await dialog.getByLabel('Meno').evaluate((el: HTMLInputElement) => el.validity.valueMissing),
      ).toBe(true);
      expect(sent).toBe(0);

      await dialog.getByLabel('Poslať aktivačný email').check();
      await expectAbsent(dialog.getByLabel('Heslo', { exact: true }));
      await dialog.getByLabel('Administrátor').check();
      await expectAbsent(dialog.getByLabel('Prezeranie galérie'));
      await checkScreen(page, 'user-create-invite-admin');
      await dialog.getByLabel('Administrátor').uncheck();
      await dialog.getByLabel('Prezeranie galérie').check();
      await dialog.getByLabel('Meno').fill('Mária');
      await dialog.getByLabel('Priezvisko').fill(`Pozvaná ${vp.width}`);
      await dialog.getByLabel('Email', { exact: true }).fill(`maria-${vp.width}@test.sk`);
      await dialog.getByLabel('Aktívny').uncheck();
      const request = page.waitForRequest((r) => r.url().endsWith('/user/create'));
      await dialog.getByRole('button', { name: 'Potvrdiť' }).click();
      const body = (await request).postDataJSON();
      expect(body).toMatchObject({
        active: false,
        sendAuthorizationEmail: true,
        permissions: ['VIEW_GALLERY'],
      });
      expect('password' in body).toBe(false);
      await dialog.waitFor({ state: 'detached' });
      await openUsers(page, `Pozvaná ${vp.width}`);
      expect(await rowOf(page, `Mária Pozvaná ${vp.width}`).getAttribute('class')).toContain('table-danger');
    });
  }

  test('save failure: the server message in a Chyba toast', async () => {
    const { page } = await e2e.signedInPage(DESKTOP);
    await openUsers(page);
    await page.getByRole('button', { name: 'Pridať používateľa' }).click();
    const dialog = modal(page);
    await dialog.getByLabel('Meno').fill('Druhá');
    await dialog.getByLabel('Priezvisko').fill('Zuzana');
    await dialog.getByLabel('Email', { exact: true }).fill('zuzana@test.sk');
    await dialog.getByLabel('Heslo', { exact: true }).fill('Heslo123');
    await dialog.getByRole('button', { name: 'Potvrdiť' }).click();
    const error = toast(page, 'Používateľ s týmto e-mailom už existuje');
    await error.waitFor();
    await seeText(error, 'Chyba');
    await checkScreen(page, 'user-create-failed');
    await dialog.getByRole('button', { name: 'Zavrieť' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  for (const vp of VIEWPORTS) {
    test(`edit modal loads the user and saves changes at ${vp.width}px`, async () => {
      const { page } = await e2e.signedInPage(vp);
      const number = vp.width === 390 ? '001' : '002';
      await openUsers(page, `Používateľ ${number}`);
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      await page.route('**/user/detail/*', async (route) => {
        await gate;
        await route.continue();
      });
      await rowOf(page, `Hromadný Používateľ ${number}`)
        .getByRole('button', { name: /Upraviť/ })
        .click();
      await seeHeading(page, 'Upraviť používateľa');
      await modal(page).getByRole('status').waitFor();
      await checkScreen(page, 'user-edit-loading');
      release();
      const dialog = modal(page);
      expect(await dialog.getByLabel('Priezvisko').inputValue()).toBe(`Používateľ ${number}`);
      await expectAbsent(dialog.getByLabel('Poslať aktivačný email'));
      expect(await dialog.getByLabel('Pridávanie fotografií a videí').isChecked()).toBe(true);
      await checkScreen(page, 'user-edit');
      await dialog.getByLabel('Priezvisko').fill(`Upravený ${number}`);
      await dialog.getByRole('button', { name: 'Potvrdiť' }).click();
      await dialog.waitFor({ state: 'detached' });
      await openUsers(page, `Upravený ${number}`);
      await rowOf(page, `Hromadný Upravený ${number}`).waitFor();
    });
  }

  test('resend activation: confirmation, success toast, and the server message when it fails', async () => {
    const { page } = await e2e.signedInPage(DESKTOP);
    await openUsers(page, 'Zuzana');
    await rowOf(page, 'Zuzana Čakajúca')
      .getByRole('button', { name: /Odoslať aktivačný email/ })
      .click();
    const dialog = modal(page);
    await seeHeading(page, 'Upozornenie');
    await seeText(dialog, 'Naozaj chcete odoslať aktivačný email používateľovi: Zuzana Čakajúca');
    await checkScreen(page, 'user-resend-confirm');
    const before = e2e.mails.filter((m) => m.to === 'zuzana@test.sk').length;
    await dialog.getByRole('button', { name: 'Áno' }).click();
    const ok = toast(page, 'Používatelovi bol úspešne odoslaný nový aktivačný email');
    await ok.waitFor();
    await seeText(ok, 'Email odoslaný');
    expect(e2e.mails.filter((m) => m.to === 'zuzana@test.sk').length).toBe(before + 1);

    // Activated meanwhile: the table still offers resend, the server refuses.
    const hash = new URL(linkIn(e2e.mails.findLast((m) => m.to === 'zuzana@test.sk'))).searchParams.get(
      'code',
    );
    expect((await admin.post('/apis/finish-verification', { newPassword: 'Heslo123', hash })).status).toBe(
      200,
    );
    await rowOf(page, 'Zuzana Čakajúca')
      .getByRole('button', { name: /Odoslať aktivačný email/ })
      .click();
    await dialog.getByRole('button', { name: 'Áno' }).click();
    const failed = toast(page, 'Používateľ už má aktivovaný účet');
    await failed.waitFor();
    await seeText(failed, 'Chyba');
  });

  test('deactivate: Nie changes nothing, Áno deactivates with a toast; deactivating oneself fails', async () => {
    const { page } = await e2e.signedInPage(DESKTOP);
    await openUsers(page, 'Používateľ 050');
    const row = rowOf(page, 'Hromadný Používateľ 050');
    await row.getByRole('button', { name: /Vymazať/ }).click();
    const dialog = modal(page);
    const text = await seeText(dialog, 'Naozaj chcete vymazať používateľa: Hromadný Používateľ 050');
    expect(await text.evaluate((el) => el.closest('.text-danger') !== null)).toBe(true);
    await checkScreen(page, 'user-deactivate-confirm');
    await dialog.getByRole('button', { name: 'Nie' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.getAttribute('class')).toBeNull();

    await row.getByRole('button', { name: /Vymazať/ }).click();
    await modal(page).getByRole('button', { name: 'Áno' }).click();
    const ok = toast(page, 'Používateľ bol úspešne deaktivovaný');
    await ok.waitFor();
    await seeText(ok, 'Používateľ deaktivovaný');
    await page.waitForFunction(() => document.querySelector('tbody tr')?.className.includes('table-danger'));
    await expectAbsent(row.getByRole('button', { name: /Vymazať/ }));
    await checkScreen(page, 'user-deactivated');

    await openUsers(page, 'admin@test.sk');
    await rowOf(page, 'Admin Administrátor')
      .getByRole('button', { name: /Vymazať/ })
      .click();
    await modal(page).getByRole('button', { name: 'Áno' }).click();
    const failed = toast(page, 'Nemôžete deaktivovať sám seba');
    await failed.waitFor();
    await seeText(failed, 'Chyba');
  });
});
