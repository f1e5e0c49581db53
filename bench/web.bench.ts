import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { SESSION_HINT_KEY } from '../apps/web/src/app/public/session-hint.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium, PHONE } from '../e2e/support/browser.ts';
import { BENCH_ADMIN } from './lib/accounts.ts';
import { startChild } from './lib/child.ts';
import { startRssSampler } from './lib/rss.ts';
import { fixed, machine, mib, percentile, table } from './lib/stats.ts';
import { webBuild } from './lib/web-build.ts';

/**
 * The web app as a phone on a slow network gets it: the login route's JavaScript (what the
 * browser fetches for `/` signed out, gzip as a budget measure, and as sent), and the Largest
 * Contentful Paint of the login screen and the capture screen (signed in, `/`) in Chromium under
 * Lighthouse's mobile throttling applied through CDP (150 ms RTT, 1.6 Mbps down, 750 kbps up,
 * CPU 4× slower), each load cold (a fresh browser context), median of BENCH_WEB_RUNS. References
 * side by side: a minimal static page served by the same server under the same throttling (the
 * floor the network sets), and every screen unthrottled.
 * Goals: login JavaScript ≤ 150 KB gzip; LCP ≤ 2.5 s.
 */
const JS_BUDGET = 150 * 1024;
const LCP_GOAL_MS = 2500;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const APP = new URL('./lib/app-server.ts', import.meta.url);
const REFERENCE_PAGE = 'bench-reference.html';

// Lighthouse's mobile preset ("slow 4G", Moto G Power): its throughput figures are in Kibit/s.
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const SETTLE_MS = 2000;

type Lcp = { ms: number; element: string };

declare global {
  interface Window {
    __lcp?: Lcp;
  }
}

/** One cold load of `url` in a fresh context; the last LCP entry once the page has settled. */
async function measureLcp(context: BrowserContext, url: string, throttled: boolean): Promise<Lcp> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    if (throttled) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          const el = e.element;
          const label = el
            ? `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 40)}”`
            : '?';
          window.__lcp = { ms: e.startTime, element: label };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // The app renders after its scripts, lazy chunks and the session check: LCP may move well after
    // `load`. Settled: the network quiet and no new entry for SETTLE_MS.
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
    await page.waitForFunction(() => window.__lcp !== undefined, undefined, { timeout: 60_000 });
    let last = await page.evaluate(() => window.__lcp as Lcp);
    let stableSince = Date.now();
    while (Date.now() - stableSince < SETTLE_MS) {
      await page.waitForTimeout(250);
      const now = await page.evaluate(() => window.__lcp as Lcp);
      if (now.ms !== last.ms) {
        last = now;
        stableSince = Date.now();
      }
    }
    return last;
  } finally {
    await page.close();
  }
}

/** Bytes on the wire for `url` when the client accepts brotli and gzip (fetch would count them decoded). */
function bytesSent(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let n = 0;
        res.on('data', (d: Buffer) => {
          n += d.length;
        });
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

/** The JavaScript files the browser fetches for `url` (paths), in a fresh context. */
async function scriptsOf(browser: Browser, url: string): Promise<string[]> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (res) => {
    const p = new URL(res.url()).pathname;
    if (p.endsWith('.js') && res.request().resourceType() !== 'other') scripts.add(p);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  return [...scripts].sort();
}

console.log(`Web benchmark · ${machine()}`);
if (!hasChromium) {
  console.log(`SKIPPED: no Chromium at ${CHROMIUM_PATH} (install Debian's chromium or set CHROMIUM_PATH)`);
  process.exit(0);
}
const dist = webBuild();
fs.writeFileSync(
  path.join(dist, REFERENCE_PAGE),
  '<!doctype html><html lang="sk"><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    '<title>Referencia</title><h1>Prihlásenie</h1><p>Minimálna statická stránka: dno, ktoré určuje sieť.</p></html>',
);
const selfRss = startRssSampler();
const server = await startChild(APP, { BENCH_WEB_DIST: dist });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
try {
  // 1. The login route's JavaScript.
  const scripts = await scriptsOf(browser, `${server.url}/`);
  let raw = 0;
  let gzip = 0;
  let sent = 0;
  for (const script of scripts) {
    const bytes = fs.readFileSync(path.join(dist, script));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
    sent += await bytesSent(`${server.url}${script}`);
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `\nlogin route JavaScript: ${scripts.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(sent)} as the server sends it (br/gzip accepted)`,
  );
  console.log(`  ${scripts.join('\n  ')}`);

  // 2. LCP, throttled and not, the screens interleaved run by run.
  const screens = [
    { name: `reference: static ${REFERENCE_PAGE}`, path: `/${REFERENCE_PAGE}`, signedIn: false, hint: false },
    { name: 'login screen (/ signed out)', path: '/', signedIn: false, hint: false },
    // A phone that signed in before holds the app's note of it (apps/web session-hint.ts) beside
    // the cookie: start-up then does not fetch the sign-in screens ahead of the session check.
    { name: 'capture screen (/ signed in, returning)', path: '/', signedIn: true, hint: true },
    // The cookie without the note (storage cleared): start-up guesses signed out first.
    { name: 'capture screen (/ signed in, no note)', path: '/', signedIn: true, hint: false },
  ];
  const results = new Map(screens.map((s) => [s.name, { throttled: [] as Lcp[], fast: [] as Lcp[] }]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const screen of screens) {
      for (const throttled of [true, false]) {
        const context = await browser.newContext({ viewport: PHONE, locale: 'sk-SK', baseURL: server.url });
        try {
          if (screen.signedIn) {
            const res = await context.request.post(`${server.url}/apis/authenticate`, {
              form: { username: BENCH_ADMIN.email, password: BENCH_ADMIN.password, 'remember-me': 'on' },
            });
            if (res.status() !== 200) throw new Error(`sign-in answered ${res.status()}`);
          }
          if (screen.hint)
            await context.addInitScript((key) => window.localStorage.setItem(key, '1'), SESSION_HINT_KEY);
          const lcp = await measureLcp(context, `${server.url}${screen.path}`, throttled);
          results.get(screen.name)?.[throttled ? 'throttled' : 'fast'].push(lcp);
        } finally {
          await context.close();
        }
      }
    }
  }

  const median = (xs: Lcp[]) =>
    percentile(
      xs.map((x) => x.ms),
      50,
    );
  const reference = median(results.get(screens[0]?.name as string)?.throttled ?? []);
  const rows: (string | number)[][] = [
    [
      'screen',
      'LCP ms throttled',
      'LCP ms unthrottled',
      'throttled ÷ reference',
      'LCP element',
      'goal ≤ 2.5 s',
    ],
  ];
  const verdicts: string[] = [];
  for (const screen of screens) {
    const r = results.get(screen.name) as { throttled: Lcp[]; fast: Lcp[] };
    const slow = median(r.throttled);
    const element = r.throttled.find((x) => x.ms === slow)?.element ?? '';
    const met = slow <= LCP_GOAL_MS ? 'met' : 'MISSED';
    rows.push([
      screen.name,
      fixed(slow, 0),
      fixed(median(r.fast), 0),
      fixed(slow / reference, 2),
      element,
      met,
    ]);
    if (!screen.name.startsWith('reference'))
      verdicts.push(`LCP ${screen.name}: ${fixed(slow / 1000, 2)} s (goal ≤ 2.5 s: ${met})`);
  }
  console.log(
    `\nLCP, Chromium ${browser.version()}, ${PHONE.width}×${PHONE.height}, cold loads, median of ${RUNS}; throttled: ${NETWORK.latency} ms RTT, 1.6 Mbps down, 750 kbps up, CPU ${CPU_SLOWDOWN}× slower (CDP)\n`,
  );
  console.log(table(rows));
  console.log(`\npeak RSS: server ${mib(await server.peakRss())}, bench process ${mib(selfRss.stop())}`);
  console.log(
    `\nlogin route JavaScript: ${kb(gzip)} gzip (goal ≤ ${JS_BUDGET / 1024} KB: ${gzip <= JS_BUDGET ? 'met' : 'MISSED'})`,
  );
  console.log(verdicts.join('\n'));
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(path.join(dist, REFERENCE_PAGE), { force: true });
}
