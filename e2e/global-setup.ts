import { buildWebIfStale } from '../scripts/web-build.ts';
import { browserRequired, CHROMIUM_PATH, hasChromium, WEB_DIST } from './support/browser.ts';

/**
 * Runs once before the browser tests: says clearly when they skip (no Chromium) and fails instead
 * when REQUIRE_BROWSER_TESTS=1 (CI); otherwise builds the web app if dist is missing or stale.
 */
export default function setup() {
  if (!hasChromium) {
    const message = `Browser tests SKIPPED: no Chromium at ${CHROMIUM_PATH} (install Debian's chromium or set CHROMIUM_PATH).`;
    if (browserRequired) throw new Error(`${message} REQUIRE_BROWSER_TESTS=1 makes this a failure.`);
    console.warn(`\n*** ${message} ***\n`);
    return;
  }
  buildWebIfStale(WEB_DIST);
}
