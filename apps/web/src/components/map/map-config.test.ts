import { afterEach, describe, expect, test, vi } from 'vitest';

async function freshConfig() {
  vi.resetModules();
  return import('./map-config.ts');
}

describe('map tile settings', () => {
  afterEach(() => vi.unstubAllEnvs());

  test('OpenStreetMap by default, with its attribution', async () => {
    vi.stubEnv('VITE_MAP_TILE_URL', '');
    vi.stubEnv('VITE_MAP_TILE_ATTRIBUTION', '');
    const c = await freshConfig();
    expect(c.MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(c.MAP_ATTRIBUTION).toContain('OpenStreetMap');
  });

  test('an installation can point at its own tile server and credit it', async () => {
    vi.stubEnv('VITE_MAP_TILE_URL', 'https://tiles.firma.sk/{z}/{x}/{y}.png');
    let c = await freshConfig();
    expect(c.MAP_TILE_URL).toBe('https://tiles.firma.sk/{z}/{x}/{y}.png');
    // Not OpenStreetMap's tiles: no OpenStreetMap credit unless the installation gives one.
    expect(c.MAP_ATTRIBUTION).toBe('');
    vi.stubEnv('VITE_MAP_TILE_ATTRIBUTION', '© Firma');
    c = await freshConfig();
    expect(c.MAP_ATTRIBUTION).toBe('© Firma');
  });

  test('the picker limits of spec §9', async () => {
    const c = await freshConfig();
    expect([c.MIN_ZOOM, c.MAX_ZOOM, c.DEFAULT_ZOOM]).toEqual([2, 17, 10]);
    expect(c.DEFAULT_CENTER).toEqual({ lat: 51.505, lng: -0.09 });
    expect(c.WORLD_BOUNDS).toEqual([
      [-90, -180],
      [90, 180],
    ]);
  });
});
