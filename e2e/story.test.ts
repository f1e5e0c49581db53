import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, hasChromium, PHONE } from './support/browser.ts';
import { ADMIN, type E2E, startE2E } from './support/e2e.ts';
import { seeHeading, seeText } from './support/page-helpers.ts';

/**
 * The story, end to end in Chromium: the admin creates a user with a temporary password,
 * the user is forced to change it on first sign-in, the admin edits and deactivates them and signs out.
 */
describe.skipIf(!hasChromium)('story: a new colleague', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => e2e?.close());

  test('admin creates a user, the user changes the temporary password, the admin manages them and signs out', async () => {
    const { page: adminPage } = await e2e.newPage(DESKTOP);
    await adminPage.goto('/');
    await adminPage.getByLabel('Email').fill(ADMIN.email);
    await adminPage.getByLabel('Heslo', { exact: true }).fill(ADMIN.password);
    await adminPage.getByRole('button', { name: 'Prihlásiť sa' }).click();
    await seeHeading(adminPage, 'Home');

    await adminPage.getByRole('tab', { name: 'Administrácia' }).click();
    await adminPage.getByRole('link', { name: 'Používatelia', exact: true }).click();
    await seeHeading(adminPage, 'Používatelia');
    await adminPage.getByRole('button', { name: 'Pridať používateľa' }).click();
    const dialog = adminPage.getByRole('dialog');
    await seeHeading(adminPage, 'Pridať používateľa');
    await dialog.getByLabel('Meno').fill('Michal');
    await dialog.getByLabel('Priezvisko').fill('Murár');
    await dialog.getByLabel('Email', { exact: true }).fill('michal.murar@test.sk');
    await dialog.getByLabel('Heslo', { exact: true }).fill('Docasne1');
    await dialog.getByLabel('Zmeniť heslo po prihlásení').check();
    await dialog.getByLabel('Pridávanie fotografií a videí').check();
    await dialog.getByRole('button', { name: 'Potvrdiť' }).click();
    await dialog.waitFor({ state: 'detached' });
    await adminPage.getByRole('searchbox', { name: 'Vyhľadávanie' }).fill('Murár');
    const row = adminPage.locator('tbody tr', { hasText: 'Michal Murár' });
    await row.waitFor();
    await seeText(row, 'Pridávanie fotografií a videí');

    // The colleague, on a phone, must replace the temporary password first.
    const { page: phone } = await e2e.newPage(PHONE);
    await phone.goto('/');
    await phone.getByLabel('Email').fill('michal.murar@test.sk');
    await phone.getByLabel('Heslo', { exact: true }).fill('Docasne1');
    await phone.getByRole('button', { name: 'Prihlásiť sa' }).click();
    await seeText(phone, 'Pred prihlásením je potrebné zadať nové heslo.');
    await phone.getByLabel('Nové heslo', { exact: true }).fill('Vlastne12');
    await phone.getByLabel('Zopakujte nové heslo').fill('Vlastne12');
    await phone.getByRole('button', { name: 'Zmeniť heslo' }).click();
    await seeText(phone, 'Vaše heslo bolo úspešne zmenené.');
    await seeHeading(phone, 'Home');
    const check = await phone.context().request.get('/apis/auth-check');
    expect((await check.json()).data).toMatchObject({ email: 'michal.murar@test.sk', changePassword: false });

    // The admin renames them and takes the permission to manage sites on top.
    await row.getByRole('button', { name: /Upraviť/ }).click();
    await seeHeading(adminPage, 'Upraviť používateľa');
    await dialog.getByLabel('Priezvisko').waitFor();
    await dialog.getByLabel('Priezvisko').fill('Majster');
    await dialog.getByLabel('Správa site-ov').check();
    await dialog.getByRole('button', { name: 'Potvrdiť' }).click();
    await dialog.waitFor({ state: 'detached' });
    await adminPage.getByRole('searchbox', { name: 'Vyhľadávanie' }).fill('Majster');
    const renamed = adminPage.locator('tbody tr', { hasText: 'Michal Majster' });
    await seeText(renamed, 'Správa site-ov');

    // Deactivated, the colleague's session ends: their next call returns them to sign-in.
    await renamed.getByRole('button', { name: /Vymazať/ }).click();
    await seeText(dialog, 'Naozaj chcete vymazať používateľa: Michal Majster');
    await dialog.getByRole('button', { name: 'Áno' }).click();
    await seeText(adminPage, 'Používateľ bol úspešne deaktivovaný');
    await adminPage.waitForFunction(() =>
      document.querySelector('tbody tr')?.className.includes('table-danger'),
    );
    await phone.getByRole('button', { name: /Používateľské menu/ }).click();
    await phone.getByRole('link', { name: 'Zmeniť heslo' }).click();
    await phone.getByLabel('Pôvodné heslo').fill('Vlastne12');
    await phone.getByLabel('Nové heslo', { exact: true }).fill('Dalsie123');
    await phone.getByLabel('Zopakujte nové heslo').fill('Dalsie123');
    await phone.getByRole('button', { name: 'Zmeniť heslo' }).click();
    await seeHeading(phone, 'Prihlásenie');
    await phone.getByLabel('Email').fill('michal.murar@test.sk');
    await phone.getByLabel('Heslo', { exact: true }).fill('Vlastne12');
    await phone.getByRole('button', { name: 'Prihlásiť sa' }).click();
    await seeText(phone, 'Nesprávne prihlasovacie údaje!');

    // The admin signs out.
    await adminPage.getByRole('button', { name: /Používateľské menu/ }).click();
    await adminPage.getByRole('button', { name: 'Odhlásiť sa' }).click();
    await seeHeading(adminPage, 'Prihlásenie');
    expect(new URL(adminPage.url()).pathname).toBe('/');
  });
});
