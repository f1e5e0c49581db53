import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatDateTime } from '../apps/web/src/lib/date-format.ts';
import { DESKTOP, hasChromium, VIEWPORTS } from './support/browser.ts';
import { checkScreen, type E2E, startE2E } from './support/e2e.ts';
import { type Captured, fixture, gallerySeeder, png, type Site, webm } from './support/gallery-seed.ts';
import { seeHeading, seeText } from './support/page-helpers.ts';

const GALLERY = '/administration/sites-gallery';
const WAIT = { timeout: 10_000 };
const DAY = '2026-03-10';

const list = (page: Page, name: 'Site-y' | 'Dátumy' | 'Fotografie a videá') =>
  page.getByRole('list', { name });
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Umiestnenie v galérii' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Stránkovanie' });
const labels = (l: Locator) =>
  l.getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Waits until a level lists exactly these cards (by their accessible names). */
async function expectCards(l: Locator, expected: string[]) {
  await expect.poll(() => labels(l), WAIT).toEqual(expected);
}

const siteCard = (s: Site) => `Otvoriť site: ${s.name} (${s.code})`;
const dateCard = (name: string) => `Otvoriť dátum: ${name}`;
const mediaCard = (kind: 'Fotografia' | 'Video', code: string, author: string, c: Captured) =>
  `${kind}: ${code} · ${author} · ${formatDateTime(c.date)}`;

describe.skipIf(!hasChromium)('gallery screen', () => {
  let e2e: E2E;
  let main: Site;
  let tunnel: Site;
  const fillers: Site[] = [];
  let day: Captured[] = []; // the nine items of the main site on DAY, oldest first
  let video: Captured;
  let notificationUrl: string;

  beforeAll(async () => {
    e2e = await startE2E();
    const seed = await gallerySeeder(e2e.server, await e2e.server.admin());
    const jan = await seed.author('Ján', 'Šťastný');
    const peter = await seed.author('Peter', 'Novák');
    main = await seed.site('Stavba Žilina – Hlavná', 'ZA-001');
    tunnel = await seed.site('Tunel Višňové', 'TV-016');
    // Seventeen sites with items: fifteen on the first page, two on the second.
    for (let i = 1; i <= 15; i += 1) {
      const n = String(i).padStart(2, '0');
      const site = await seed.site(`Most ${n}`, `MO-${n}`);
      fillers.push(site);
      await seed.capture(peter, site, await png(`MO-${n}`, '#375a7f'), 'image/png', `2026-01-${n}T10:00:00Z`);
    }
    // Sixteen dates of one site: fifteen on the first page of its dates, one on the second.
    for (let d = 1; d <= 16; d += 1) {
      const n = String(d).padStart(2, '0');
      await seed.capture(
        peter,
        tunnel,
        await png(`TV ${n}`, '#7a4b2a'),
        'image/png',
        `2026-02-${n}T10:00:00Z`,
      );
    }
    // Real camera photos keep their EXIF capture dates: two more date folders.
    await seed.capture(jan, main, fixture('nikon-coolpix-gps.jpg'), 'image/jpeg', '2026-03-09T10:00:00Z');
    await seed.capture(jan, main, fixture('jolla-phone.jpg'), 'image/jpeg');
    // Nine items on one day (eight per page), a minute apart; the video is the newest.
    const files: [Buffer, string][] = [
      [fixture('orientation-6-landscape.jpg'), 'image/jpeg'],
      [fixture('orientation-6-portrait.jpg'), 'image/jpeg'],
      [fixture('invalid-exif.jpg'), 'image/jpeg'],
      [fixture('small-sample.heif'), 'image/heif'],
      ...(await Promise.all(
        ['#c0392b', '#16a085', '#8e44ad', '#2c3e50'].map(
          async (c, i) => [await png(`ZA ${i}`, c), 'image/png'] as [Buffer, string],
        ),
      )),
      [webm(), 'video/webm'],
    ];
    day = [];
    for (const [i, [bytes, type]] of files.entries()) {
      day.push(await seed.capture(jan, main, bytes, type, `${DAY}T08:0${i}:00Z`));
    }
    expect(day.map((c) => c.siteDate)).toEqual(day.map(() => DAY));
    video = day[day.length - 1] as Captured;
    seed.realTime();
    // The admin holds NEW_PHOTO_NOTIFICATION: Ján's uploads notified them, with a gallery link.
    const admin = await e2e.server.admin();
    const res = await admin.get('/apis/api/v1/notification/user-notifications', {
      query: { page: 0, size: 100 },
    });
    expect(res.status, res.text).toBe(200);
    const note = (res.body.data.content as { url: string }[]).find(
      (n) => n.url.includes(`siteId=${main.id}&`) && n.url.includes(DAY),
    );
    if (!note) throw new Error('no notification of the main site');
    notificationUrl = note.url;
  });
  afterAll(async () => e2e?.close());

  test('walks sites → dates → media and back, each level paged on its own, in the address', async () => {
    const { page } = await e2e.signedInPage(DESKTOP);
    await page.goto(GALLERY);
    await seeHeading(page, 'Galéria site-ov');
    const sites = list(page, 'Site-y');
    const newestFirst = [...fillers].reverse();
    await expectCards(sites, [siteCard(main), siteCard(tunnel), ...newestFirst.slice(0, 13).map(siteCard)]);
    await seeText(sites, '11 položiek');
    await seeText(sites, '16 položiek');
    await pager(page).getByText('2', { exact: true }).click();
    await expectCards(sites, newestFirst.slice(13).map(siteCard));
    expect(query(page)).toEqual({ sitePage: '2' });
    // Back and forward walk the pages; a reload keeps the place.
    await page.goBack();
    await expectCards(sites, [siteCard(main), siteCard(tunnel), ...newestFirst.slice(0, 13).map(siteCard)]);
    await page.goForward();
    await expectCards(sites, newestFirst.slice(13).map(siteCard));

    // Level 2 of a site on the second page; the home crumb returns to that page of sites.
    await page.getByRole('button', { name: siteCard(fillers[0] as Site) }).click();
    await expectCards(list(page, 'Dátumy'), [dateCard('1. 1. 2026')]);
    await seeText(crumbs(page), 'Most 01');
    await crumbs(page).getByRole('button', { name: 'Všetky site-y' }).click();
    await expectCards(sites, newestFirst.slice(13).map(siteCard));
    await pager(page).getByText('1', { exact: true }).click();

    // A site with sixteen dates: fifteen, then one; its media; the site crumb back to page 2.
    await page.getByRole('button', { name: siteCard(tunnel) }).click();
    const dates = list(page, 'Dátumy');
    await expectCards(
      dates,
      Array.from({ length: 15 }, (_, i) => dateCard(`${16 - i}. 2. 2026`)),
    );
    await pager(page).getByText('2', { exact: true }).click();
    await expectCards(dates, [dateCard('1. 2. 2026')]);
    await page.getByRole('button', { name: dateCard('1. 2. 2026') }).click();
    await expect.poll(() => labels(list(page, 'Fotografie a videá')), WAIT).toHaveLength(1);
    await seeText(crumbs(page), '1. 2. 2026');
    expect(query(page)).toEqual({ siteId: String(tunnel.id), siteDate: '2026-02-01', datePage: '2' });
    await crumbs(page).getByRole('button', { name: 'Tunel Višňové' }).click();
    await expectCards(dates, [dateCard('1. 2. 2026')]);
    await page.reload();
    await expectCards(list(page, 'Dátumy'), [dateCard('1. 2. 2026')]);
    await seeText(crumbs(page), 'Tunel Višňové');

    // The main site: EXIF dates make their own folders; eight items a page on its busy day.
    await crumbs(page).getByRole('button', { name: 'Všetky site-y' }).click();
    await page.getByRole('button', { name: siteCard(main) }).click();
    await expectCards(list(page, 'Dátumy'), [
      dateCard('10. 3. 2026'),
      dateCard('21. 9. 2014'),
      dateCard('22. 10. 2008'),
    ]);
    await page.getByRole('button', { name: dateCard('10. 3. 2026') }).click();
    const media = list(page, 'Fotografie a videá');
    const card = (c: Captured) => mediaCard(c === video ? 'Video' : 'Fotografia', 'ZA-001', 'Ján Šťastný', c);
    const newest = [...day].reverse();
    await expectCards(media, newest.slice(0, 8).map(card));
    await pager(page).getByText('2', { exact: true }).click();
    await expectCards(media, newest.slice(8).map(card));
    await seeText(media, 'Ján Šťastný');
  });

  test('filters by text (accents and case aside), date range, and says when nothing matches', async () => {
    const { page } = await e2e.signedInPage(DESKTOP);
    await page.goto(GALLERY);
    const sites = list(page, 'Site-y');
    await expect.poll(() => labels(sites), WAIT).toHaveLength(15);
    const search = page.getByLabel('Hľadať', { exact: true });
    await search.fill('STASTNY');
    await page.getByRole('button', { name: 'Filtrovať' }).click();
    await expectCards(sites, [siteCard(main)]);
    await seeText(sites, '11 položiek');
    expect(query(page)).toEqual({ search: 'STASTNY' });
    await search.fill('visnove');
    await page.getByRole('button', { name: 'Filtrovať' }).click();
    await expectCards(sites, [siteCard(tunnel)]);

    await page.getByRole('button', { name: siteCard(tunnel) }).click();
    await page.getByLabel('Dátum od').fill('2026-02-03');
    await page.getByLabel('Dátum do').fill('2026-02-05');
    await page.getByRole('button', { name: 'Filtrovať' }).click();
    await expectCards(list(page, 'Dátumy'), ['5. 2. 2026', '4. 2. 2026', '3. 2. 2026'].map(dateCard));
    expect(query(page)).toMatchObject({
      siteId: String(tunnel.id),
      dateFrom: '2026-02-03',
      dateTo: '2026-02-05',
    });

    // A reversed range is refused by the form, with the contract's message; nothing is asked.
    await page.getByLabel('Dátum od').fill('2026-02-09');
    await page.getByRole('button', { name: 'Filtrovať' }).click();
    await seeText(page, 'Dátum do nesmie byť skôr ako dátum od');
    expect(query(page).dateFrom).toBe('2026-02-03');

    await page.getByLabel('Dátum od').fill('');
    await page.getByLabel('Dátum do').fill('');
    await search.fill('nič také neexistuje');
    await page.getByRole('button', { name: 'Filtrovať' }).click();
    await seeText(page, 'Žiadne dáta na zobrazenie');
    // Back restores the previous filters, in the fields too.
    await page.goBack();
    await expectCards(list(page, 'Dátumy'), ['5. 2. 2026', '4. 2. 2026', '3. 2. 2026'].map(dateCard));
    expect(await page.getByLabel('Dátum od').inputValue()).toBe('2026-02-03');
  });

  test("the notification's link opens its date folder; a photo and a video open full screen", async () => {
    const { page } = await e2e.signedInPage(DESKTOP);
    expect(notificationUrl).toBe(`${GALLERY}?siteId=${main.id}&siteDate=${DAY}`);
    await page.goto(notificationUrl);
    await expect.poll(() => labels(list(page, 'Fotografie a videá')), WAIT).toHaveLength(8);
    // The link carries no name: the breadcrumb finds it.
    await seeText(crumbs(page), 'Stavba Žilina – Hlavná');
    await seeText(crumbs(page), '10. 3. 2026');

    const photo = day[day.length - 2] as Captured;
    await page.getByRole('button', { name: mediaCard('Fotografia', 'ZA-001', 'Ján Šťastný', photo) }).click();
    const dialog = page.getByRole('dialog');
    const img = dialog.getByRole('img', { name: mediaCard('Fotografia', 'ZA-001', 'Ján Šťastný', photo) });
    await img.waitFor();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), WAIT)
      .toBe(320);
    expect(await dialog.evaluate((el) => !!el.querySelector('.modal-fullscreen'))).toBe(true);
    await dialog.getByRole('button', { name: 'Zavrieť' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: mediaCard('Video', 'ZA-001', 'Ján Šťastný', video) }).click();
    const player = page.getByRole('dialog').locator('video');
    await player.waitFor();
    const state = () =>
      player.evaluate((v: HTMLVideoElement) => ({
        controls: v.controls,
        autoplay: v.autoplay,
        loop: v.loop,
        muted: v.muted,
        src: new URL(v.currentSrc).pathname,
        playing: !v.paused && v.readyState >= 2,
      }));
    await expect.poll(state, WAIT).toEqual({
      controls: true,
      autoplay: true,
      loop: true,
      muted: true,
      src: `/apis/api/v1/site-content/media/${video.id}/file`,
      playing: true,
    });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await crumbs(page).getByRole('button', { name: 'Stavba Žilina – Hlavná' }).click();
    await expect.poll(() => labels(list(page, 'Dátumy')), WAIT).toHaveLength(3);
  });

  test('thumbnails load lazily into boxes of fixed size: nothing shifts when they arrive', async () => {
    const { page } = await e2e.signedInPage(DESKTOP);
    // Thumbnails arrive late, well after the cards are laid out.
    await page.route('**/thumbnail', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.addInitScript(() => {
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((entries) => {
        for (const e of entries.getEntries() as unknown as { value: number }[])
          (window as unknown as { shift: number }).shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(notificationUrl);
    const media = list(page, 'Fotografie a videá');
    await expect.poll(() => labels(media), WAIT).toHaveLength(8);
    const boxes = () =>
      media
        .getByRole('button')
        .evaluateAll((els) => els.map((e) => JSON.stringify(e.getBoundingClientRect())));
    const before = await boxes();
    const shiftBefore = await page.evaluate(() => (window as unknown as { shift: number }).shift);
    const imgs = media.locator('img');
    expect(await imgs.count()).toBe(8);
    for (const attr of await imgs.evaluateAll((els) =>
      els.map((e) => [e.getAttribute('loading'), e.getAttribute('width'), e.getAttribute('height')]),
    )) {
      expect(attr).toEqual(['lazy', '320', '240']);
    }
    await expect
      .poll(
        () =>
          imgs.evaluateAll((els) =>
            els.every((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await boxes()).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(shiftBefore);
  });

  for (const vp of VIEWPORTS) {
    test(`screens at ${vp.width}px: sites, media, the modal (axe)`, async () => {
      const { page } = await e2e.signedInPage(vp);
      await page.goto(GALLERY);
      await expect.poll(() => labels(list(page, 'Site-y')), WAIT).toHaveLength(15);
      await page.getByRole('button', { name: 'Exportovať' }).waitFor();
      await checkScreen(page, 'gallery-sites');
      await page.goto(notificationUrl);
      const media = list(page, 'Fotografie a videá');
      await expect.poll(() => labels(media), WAIT).toHaveLength(8);
      await expect
        .poll(() =>
          media.locator('img').evaluateAll((els) => els.every((e) => (e as HTMLImageElement).complete)),
        )
        .toBe(true);
      await checkScreen(page, 'gallery-media');
      await page
        .getByRole('button', { name: mediaCard('Fotografia', 'ZA-001', 'Ján Šťastný', day[1] as Captured) })
        .click();
      await page.getByRole('dialog').getByRole('img').waitFor();
      await checkScreen(page, 'gallery-modal');
    });
  }
});
