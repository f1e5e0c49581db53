import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { securityHeaders } from './security-headers.ts';

const imgSrc = (headers: Record<string, string>) =>
  (headers['content-security-policy'] ?? '')
    .split(';')
    .find((d) => d.startsWith('img-src '))
    ?.split(' ')
    .slice(1);

describe('a tile server of the installation', () => {
  it('is allowed as an image source, and only that, when the web build is given one', () => {
    const config = loadConfig({ VITE_MAP_TILE_URL: 'https://tiles.firma.sk/osm/{z}/{x}/{y}.png' });
    expect(config.mapTileOrigin).toBe('https://tiles.firma.sk');
    const headers = securityHeaders(false, config.mapTileOrigin);
    expect(imgSrc(headers)).toContain('https://tiles.firma.sk');
    expect(headers['content-security-policy']).not.toMatch(/(script|connect|default)-src[^;]*firma/);
  });

  it('leaves OpenStreetMap as the only outside image source by default', () => {
    const sources = imgSrc(securityHeaders(false, loadConfig({}).mapTileOrigin)) ?? [];
    expect(sources.filter((s) => s.startsWith('https://'))).toEqual([
      'https://tile.openstreetmap.org',
      'https://*.tile.openstreetmap.org',
    ]);
  });

  it('refuses a tile address that is not a web URL, naming the variable', () => {
    expect(() => loadConfig({ VITE_MAP_TILE_URL: 'javascript:alert(1)' })).toThrow(/VITE_MAP_TILE_URL/);
  });
});
