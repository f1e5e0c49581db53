import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HttpClient } from '../apps/server/src/test/http-client.ts';
import { hasChromium, VIEWPORTS } from './support/browser.ts';
import { ADMIN, checkScreen, type E2E, linkIn, startE2E } from './support/e2e.ts';
import { expectAbsent, inputType, pathOf, seeHeading, seeText } from './support/page-helpers.ts';

const STRONG = 'NoveHeslo1';

describe.skipIf(!hasChromium)('unauthenticated area', () => {
  let e2e: E2E;
  let admin: HttpClient;
  beforeAll(async () => {
    e2e = await startE2E();
    admin = await e2e.server.admin();
  });
  afterAll(async () => e2e?.close());

  /** An active user with a password, or one invited by an activation mail (returns the link). */
  const createUser = async (email: string, invite = false) => {
    const res = await admin.post('/apis/api/v1/user/create', {
      firstName: 'Jana',
      lastName: 'Nová',
      email,
      permissions: ['ADD_PHOTOS'],
      ...(invite ? { sendAuthorizationEmail: true } : { password: 'Heslo123' }),
    });
    expect(res.status, res.text).toBe(200);
    return invite ? pathOf(linkIn(e2e.mails.findLast((m) => m.to === email))) : '';
  };

  for (const vp of VIEWPORTS) {
    test(`login form, validation and failure at ${vp.width}px`, async () => {
      const { page } = await e2e.newPage(vp);
      await page.goto('/');
      await seeHeading(page, 'Prihlásenie');
      await page.getByRole('img', { name: 'Stavebný denník – logo' }).waitFor();
      expect(await page.getByLabel('Zapamätať?').isChecked()).toBe(true);
      await page.getByRole('link', { name: 'Zabudnuté heslo?' }).waitFor();
      await checkScreen(page, 'login');

      await page.getByRole('button', { name: 'Prihlásiť sa' }).click();
      await seeText(page, 'Email is required');
      await page.getByLabel('Email').fill('nie-je-email');
      await page.getByRole('button', { name: 'Prihlásiť sa' }).click();
      await seeText(page, 'Invalid email address');
      await checkScreen(page, 'login-validation');

      await page.getByLabel('Heslo', { exact: true }).fill('zle-heslo');
      expect(await inputType(page, 'Heslo')).toBe('password');
      await page.getByRole('button', { name: 'Zobraziť heslo' }).click();
      expect(await inputType(page, 'Heslo')).toBe('text');
      await page.getByRole('button', { name: 'Skryť heslo' }).click();
      expect(await inputType(page, 'Heslo')).toBe('password');

      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByRole('button', { name: 'Prihlásiť sa' }).click();
      const alert = await seeText(page, 'Nesprávne prihlasovacie údaje!');
      expect(await alert.evaluate((el) => el.classList.contains('alert-danger'))).toBe(true);
      await checkScreen(page, 'login-failed');
    });
  }

  test('any other path shows the login form; the forgot link leads to its screen', async () => {
    const { page } = await e2e.newPage(VIEWPORTS[0]);
    await page.goto('/neexistuje/nic');
    await seeHeading(page, 'Prihlásenie');
    await page.getByRole('link', { name: 'Zabudnuté heslo?' }).click();
    await page.waitForURL('**/forgot-password-request');
    await seeHeading(page, 'Zabudnuté heslo');
  });

  test('too many failed attempts show the server message', async () => {
    const email = 'blokovany@test.sk';
    await createUser(email);
    const { context, page } = await e2e.newPage(VIEWPORTS[1]);
    for (let i = 0; i < 5; i += 1) {
      const res = await context.request.post('/apis/authenticate', {
        form: { username: email, password: 'x' },
      });
      expect(res.status()).toBe(401);
    }
    await page.goto('/');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Heslo', { exact: true }).fill('Heslo123');
    await page.getByRole('button', { name: 'Prihlásiť sa' }).click();
    await seeText(page, 'Príliš veľa neúspešných pokusov o prihlásenie. Skúste to znova neskôr.');
  });

  for (const vp of VIEWPORTS) {
    test(`forgot password: form, validation, confirmation at ${vp.width}px`, async () => {
      const { page } = await e2e.newPage(vp);
      await page.goto('/forgot-password-request');
      await seeHeading(page, 'Zabudnuté heslo');
      await checkScreen(page, 'forgot-password');
      await page.getByRole('button', { name: 'Obnoviť heslo' }).click();
      await seeText(page, 'Email is required');
      await page.getByLabel('Email').fill('zly@');
      await page.getByRole('button', { name: 'Obnoviť heslo' }).click();
      await seeText(page, 'Invalid email address');
      await page.getByLabel('Email').fill(`niekto-${vp.width}@test.sk`);
      await page.getByRole('button', { name: 'Obnoviť heslo' }).click();
      await seeText(page, 'Žiadosť o obnovu hesla bola odoslaná na Váš email.');
      await expectAbsent(page.getByRole('button', { name: 'Obnoviť heslo' }));
      await checkScreen(page, 'forgot-password-sent');
      await page.getByRole('link', { name: 'Späť na prihlásenie' }).click();
      await seeHeading(page, 'Prihlásenie');
    });
  }

  for (const vp of VIEWPORTS) {
    test(`change forgotten password from the mailed code at ${vp.width}px`, async () => {
      const email = `zabudol-${vp.width}@test.sk`;
      await createUser(email);
      const { page } = await e2e.newPage(vp);
      await page.goto('/forgot-password-request');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Obnoviť heslo' }).click();
      await seeText(page, 'Žiadosť o obnovu hesla bola odoslaná na Váš email.');
      await expect.poll(() => e2e.mails.some((m) => m.to === email)).toBe(true);
      const link = pathOf(linkIn(e2e.mails.findLast((m) => m.to === email)));
      expect(link).toMatch(/^\/change-forgotten-password\?code=/);

      await page.goto(link);
      await seeText(
        page,
        'Heslo musí obsahovať minimálne 8 znakov, z toho aspoň jedno veľké písmeno a číslicu',
      );
      await checkScreen(page, 'change-forgotten-password');
      // A weak password is refused by the browser before any request.
      await page.getByLabel('Nové heslo', { exact: true }).fill('slabe');
      await page.getByLabel('Zopakujte nové heslo').fill('slabe');
      await page.getByRole('button', { name: 'Potvrdiť' }).click();
      expect(
        await page
          .getByLabel('Nové heslo', { exact: true })
          .evaluate((el: HTMLInputElement) => el.validity.patternMismatch),
      ).toBe(true);
      await page.getByLabel('Nové heslo', { exact: true }).fill(STRONG);
      await page.getByLabel('Zopakujte nové heslo').fill(`${STRONG}x`);
      await seeText(page, 'Heslá sa nezhodujú');
      await checkScreen(page, 'change-forgotten-password-mismatch');
      await page.getByLabel('Zopakujte nové heslo').fill(STRONG);
      await page.getByRole('button', { name: 'Potvrdiť' }).click();
      await seeText(page, 'Heslo bolo úspešne zmenené. Môžete sa prihlásiť.');
      await checkScreen(page, 'change-forgotten-password-done');

      // The link is single-use: the second time the server's message shows in red.
      await page.goto(link);
      await page.getByLabel('Nové heslo', { exact: true }).fill(STRONG);
      await page.getByLabel('Zopakujte nové heslo').fill(STRONG);
      await page.getByRole('button', { name: 'Potvrdiť' }).click();
      const failure = await seeText(page, 'Odkaz na obnovu hesla je neplatný alebo jeho platnosť vypršala.');
      expect(await failure.evaluate((el) => el.classList.contains('text-danger'))).toBe(true);
      await checkScreen(page, 'change-forgotten-password-failed');
      await page.getByRole('link', { name: 'Späť na prihlásenie' }).click();
      await seeHeading(page, 'Prihlásenie');
    });
  }

  for (const vp of VIEWPORTS) {
    test(`account verification: invalid, form, done, expired at ${vp.width}px`, async () => {
      const { page } = await e2e.newPage(vp);
      await page.goto('/verification?code=neplatny-kod');
      const invalid = await seeText(page, 'Aktivačný odkaz je neplatný alebo jeho platnosť vypršala.');
      expect(await invalid.evaluate((el) => el.classList.contains('text-danger'))).toBe(true);
      await page.getByRole('link', { name: 'Späť na prihlásenie' }).waitFor();
      await checkScreen(page, 'verification-invalid');

      const email = `aktivacia-${vp.width}@test.sk`;
      const link = await createUser(email, true);
      expect(link).toMatch(/^\/verification\?code=/);
      await page.goto(link);
      await seeText(page, 'Pre dokončenie aktviácie účtu je potrebné zadať heslo.');
      await checkScreen(page, 'verification-form');
      await page.getByLabel('Heslo', { exact: true }).fill(STRONG);
      await page.getByLabel('Zopakujte heslo').fill(STRONG);
      await page.getByRole('button', { name: 'Potvrdiť' }).click();
      await seeText(page, 'Heslo bolo úspešne nastavené. Môžete sa prihlásiť.');
      await checkScreen(page, 'verification-done');

      // The new password signs in.
      await page.getByRole('link', { name: 'Späť na prihlásenie' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Heslo', { exact: true }).fill(STRONG);
      await page.getByRole('button', { name: 'Prihlásiť sa' }).click();
      await page.getByRole('button', { name: /Používateľské menu/ }).waitFor();

      // The form of a link used meanwhile elsewhere fails at the final step.
      const other = `expiruje-${vp.width}@test.sk`;
      const second = await createUser(other, true);
      const { page: first } = await e2e.newPage(vp);
      await first.goto(second);
      await seeText(first, 'Pre dokončenie aktviácie účtu je potrebné zadať heslo.');
      const res = await admin.post('/apis/finish-verification', {
        newPassword: STRONG,
        hash: new URL(second, e2e.url).searchParams.get('code'),
      });
      expect(res.status).toBe(200);
      await first.getByLabel('Heslo', { exact: true }).fill(STRONG);
      await first.getByLabel('Zopakujte heslo').fill(STRONG);
      await first.getByRole('button', { name: 'Potvrdiť' }).click();
      await seeText(first, 'Platnosť odkazu vypršala.');
      await checkScreen(first, 'verification-expired');
    });
  }
});
