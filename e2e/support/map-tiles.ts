import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';

let tilePng: Promise<Buffer> | undefined;

/** One 256 px tile, a flat light green, made once per run. */
function fakeTile(): Promise<Buffer> {
  tilePng ??= sharp({ create: { width: 256, height: 256, channels: 3, background: '#cfe8cf' } })
    .png()
    .toBuffer();
  return tilePng;
}

export type TileTraffic = {
  /** Tile URLs the map asked for (answered with the local PNG). */
  tiles: string[];
  /** Any other request that tried to leave the machine (refused). */
  outside: string[];
};

/**
 * Stands in for the map tile server: OpenStreetMap tile requests get a local PNG, anything else
 * bound off the test server is aborted and recorded, so no request leaves the machine.
 */
export async function serveFakeTiles(context: BrowserContext, appUrl: string): Promise<TileTraffic> {
  const traffic: TileTraffic = { tiles: [], outside: [] };
  const app = new URL(appUrl).origin;
  const png = await fakeTile();
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(app) || url.startsWith('data:') || url.startsWith('blob:')) return route.fallback();
    if (/^https:\/\/([a-c]\.)?tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/.test(url)) {
      traffic.tiles.push(url);
      return route.fulfill({ status: 200, contentType: 'image/png', body: png });
    }
    traffic.outside.push(url);
    return route.abort('blockedbyclient');
  });
  return traffic;
}

/** Waits until the map in view shows loaded tiles, and checks none came from the internet. */
export async function seeMapTiles(page: Page, traffic: TileTraffic): Promise<void> {
  await page.locator('.leaflet-container img.leaflet-tile-loaded').first().waitFor();
  expect(traffic.tiles.length).toBeGreaterThan(0);
  expect(traffic.outside).toEqual([]);
}
