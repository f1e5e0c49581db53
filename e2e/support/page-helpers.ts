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
