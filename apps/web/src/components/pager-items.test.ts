import { describe, expect, test } from 'vitest';
import { pagerHasJumps, pagerItems } from './pager-items.ts';

describe('pager page list (spec §2 Pager, zero-based)', () => {
  test('no pages, no items', () => {
    expect(pagerItems(0, 0)).toEqual([]);
  });

  test('ten or fewer pages: every page, no first/previous/next/last', () => {
    expect(pagerItems(0, 1)).toEqual([0]);
    expect(pagerItems(4, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pagerHasJumps(10)).toBe(false);
  });

  test('more than ten: a window of two either side of the current page, with ellipses', () => {
    expect(pagerHasJumps(11)).toBe(true);
    expect(pagerItems(0, 20)).toEqual([0, 1, 2, 'ellipsis-end']);
    expect(pagerItems(1, 20)).toEqual([0, 1, 2, 3, 'ellipsis-end']);
    expect(pagerItems(2, 20)).toEqual([0, 1, 2, 3, 4, 'ellipsis-end']);
    expect(pagerItems(3, 20)).toEqual(['ellipsis-start', 1, 2, 3, 4, 5, 'ellipsis-end']);
    expect(pagerItems(10, 20)).toEqual(['ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end']);
    expect(pagerItems(17, 20)).toEqual(['ellipsis-start', 15, 16, 17, 18, 19]);
    expect(pagerItems(19, 20)).toEqual(['ellipsis-start', 17, 18, 19]);
  });

  test('an out-of-range current page is clamped', () => {
    expect(pagerItems(50, 12)).toEqual(['ellipsis-start', 9, 10, 11]);
    expect(pagerItems(-3, 12)).toEqual([0, 1, 2, 'ellipsis-end']);
  });
});
