import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until the exact text is visible (fails the test after the page's timeout). */
export async function seeText(page: Page | Locator, text: string): Promise<Locator> {
  const locator = page.getByText(text, { exact: true }).first();
  await locator.waitFor({ state: 'visible' });
  return locator;
}

export async function seeHeading(page: Page, name: string, level?: number): Promise<void> {
  await page
    .getByRole('heading', { name, exact: true, ...(level ? { level } : {}) })
    .first()
    .waitFor();
}

export async function expectAbsent(locator: Locator): Promise<void> {
  expect(await locator.count()).toBe(0);
}

/** The path and query of a mailed link (its host is the configured PUBLIC_URL, not the test server). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export async function inputType(page: Page, label: string): Promise<string | null> {
  return page.getByLabel(label, { exact: true }).getAttribute('type');
}

/**
 * Starts timing, in the page's own clock, how long an element matching `selector` and holding
 * `text` stays in the document; call before the action that shows it. Timed inside the page so a
 * loaded machine's round trips to the test do not count (a toast's 3 s, spec §9).
 */
export async function timeLifetime(page: Page, selector: string, text: string) {
  await page.evaluate(
    ([sel, txt]) => {
      const w = window as { __lifetime?: { shown?: number; gone?: number } };
      const times: { shown?: number; gone?: number } = {};
      w.__lifetime = times;
      const present = () => [...document.querySelectorAll(sel)].some((el) => el.textContent?.includes(txt));
      new MutationObserver((_, observer) => {
        if (times.shown === undefined && present()) times.shown = performance.now();
        else if (times.shown !== undefined && !present()) {
          times.gone = performance.now();
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    [selector, text] as const,
  );
  /** Waits until the element has come and gone; its lifetime in ms. */
  return async (timeout = 15_000): Promise<number> => {
    const handle = await page.waitForFunction(
      () => {
        const t = (window as { __lifetime?: { shown?: number; gone?: number } }).__lifetime;
        return t?.shown !== undefined && t.gone !== undefined ? t.gone - t.shown : false;
      },
      undefined,
      { timeout },
    );
    return (await handle.jsonValue()) as number;
  };
}
