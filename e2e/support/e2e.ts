import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { MailMessage } from '../../apps/server/src/platform/mail.ts';
import { ADMIN, startServer, type TestServer } from '../../apps/server/src/test/harness.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SCREENSHOT_DIR, WEB_DIST } from './browser.ts';

export { ADMIN };

export type Viewport = { width: number; height: number };

export type E2E = {
  server: TestServer;
  browser: Browser;
  url: string;
  /** Every mail the server sent, newest last (activation and reset links). */
  mails: MailMessage[];
  /** A fresh browser context (own cookies) and a page in it. */
  newPage(viewport: Viewport): Promise<{ context: BrowserContext; page: Page }>;
  /** A page already signed in through the real sign-in endpoint. */
  signedInPage(
    viewport: Viewport,
    email?: string,
    password?: string,
  ): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
};

/**
 * One real server (fresh database, the built web app) and one Chromium per test file. Mail is
 * captured as sent, so a test can follow the links users would get.
 */
export async function startE2E(opts: { chromiumArgs?: string[] } = {}): Promise<E2E> {
  const server = await startServer({}, { webDist: WEB_DIST });
  const mails: MailMessage[] = [];
  const mailer = server.app.ctx.mailer;
  const send = mailer.send.bind(mailer);
  mailer.send = async (m) => {
    mails.push(m);
    await send(m);
  };
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // A file may add flags of its own (e.g. the fake camera) without changing anyone else's browser.
    args: [...CHROMIUM_ARGS, ...(opts.chromiumArgs ?? [])],
  });
  const contexts = new Set<BrowserContext>();
  const newPage = async (viewport: Viewport) => {
    const context = await browser.newContext({
      viewport,
      baseURL: server.url,
      locale: 'sk-SK',
      reducedMotion: 'reduce',
    });
    contexts.add(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return { context, page };
  };
  return {
    server,
    browser,
    url: server.url,
    mails,
    newPage,
    async signedInPage(viewport, email = ADMIN.email, password = ADMIN.password) {
      const { context, page } = await newPage(viewport);
      const res = await context.request.post(`${server.url}/apis/authenticate`, {
        form: { username: email, password, 'remember-me': 'on' },
      });
      expect(res.status(), await res.text()).toBe(200);
      return { context, page };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await server.close();
    },
  };
}

/** WCAG 2.2 A and AA rules: the ones that carry serious and critical impacts. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Every screen: a full-page screenshot under test-output/screenshots/ and an axe-core run that
 * must find no serious or critical violation.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  // A fixed modal does not stretch over a full-page capture: with one open, the viewport is the screen.
  const dialogOpen = (await page.getByRole('dialog').count()) > 0;
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`),
    fullPage: !dialogOpen,
    animations: 'disabled',
  });
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe violations on ${name} at ${width}px`).toEqual([]);
}

/** The link a mail carries (activation or reset). */
export function linkIn(mail: MailMessage | undefined): string {
  const link = mail?.link ?? mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('mail without a link');
  return link;
}
