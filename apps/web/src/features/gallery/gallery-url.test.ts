import { describe, expect, test } from 'vitest';
import {
  currentPage,
  type GalleryState,
  levelOf,
  moves,
  readGalleryState,
  writeGalleryState,
} from './gallery-url.ts';

const read = (qs: string) => readGalleryState(new URLSearchParams(qs));
const root = read('');

describe('gallery state in the URL', () => {
  test('a notification link opens the date folder of its site', () => {
    const s = read('siteId=12&siteDate=2026-03-10');
    expect(s).toMatchObject({ siteId: 12, siteDate: '2026-03-10', mediaPage: 0 });
    expect(levelOf(s)).toBe('MEDIA');
    expect(writeGalleryState(s).toString()).toBe('siteId=12&siteDate=2026-03-10');
  });

  test('levels: nothing is the sites, a site its dates, a site and date its media', () => {
    expect(levelOf(root)).toBe('SITES');
    expect(levelOf(read('siteId=3'))).toBe('DATES');
    // A date without a site names no folder.
    expect(levelOf(read('siteDate=2026-03-10'))).toBe('SITES');
  });

  test('round trip: filters and each level page (one-based in the address)', () => {
    const s: GalleryState = {
      siteId: 7,
      siteDate: '2026-01-02',
      search: 'Šťastný most',
      dateFrom: '2026-01-01',
      dateTo: '2026-02-01',
      sitePage: 1,
      datePage: 2,
      mediaPage: 3,
    };
    const qs = writeGalleryState(s);
    expect(qs.get('page')).toBe('4');
    expect(qs.get('sitePage')).toBe('2');
    expect(read(qs.toString())).toEqual(s);
    expect(writeGalleryState(root).toString()).toBe('');
  });

  test('a malformed address counts as absent, never breaks the screen', () => {
    const s = read('siteId=abc&siteDate=10.3.2026&dateFrom=x&page=-1&sitePage=0&datePage=1e3');
    expect(s).toEqual(root);
    expect(read('siteId=0').siteId).toBeUndefined();
    expect(read('siteId=99999999999').siteId).toBeUndefined();
  });

  test('navigation: down and back up keeps each level page, filters start every level again', () => {
    let s = moves.page(root, 1);
    expect(s.sitePage).toBe(1);
    s = moves.openSite(s, 5);
    s = moves.page(s, 2);
    expect(currentPage(s)).toBe(2);
    s = moves.openDate(s, '2026-03-10');
    s = moves.page(s, 1);
    expect([s.sitePage, s.datePage, s.mediaPage]).toEqual([1, 2, 1]);
    const bySite = moves.site(s);
    expect(levelOf(bySite)).toBe('DATES');
    expect(currentPage(bySite)).toBe(2);
    const home = moves.home(s);
    expect(levelOf(home)).toBe('SITES');
    expect(currentPage(home)).toBe(1);
    const filtered = moves.filter(s, { search: 'x', dateFrom: '', dateTo: '' });
    expect(levelOf(filtered)).toBe('MEDIA');
    expect([filtered.sitePage, filtered.datePage, filtered.mediaPage]).toEqual([0, 0, 0]);
    // Another site starts at its first page of dates.
    expect(moves.openSite(moves.site(s), 6).datePage).toBe(0);
  });
});
