export type PagerItem = number | 'ellipsis-start' | 'ellipsis-end';

/** Spec §2 Pager: every page up to 10, beyond that a window of two pages either side of the current one. */
export const PAGER_SHOW_ALL = 10;
export const PAGER_WINDOW = 2;

/** The zero-based page numbers to show, with ellipses where pages are left out. */
export function pagerItems(current: number, totalPages: number): PagerItem[] {
  if (totalPages <= 0) return [];
  if (totalPages <= PAGER_SHOW_ALL) return Array.from({ length: totalPages }, (_, i) => i);
  const page = Math.min(Math.max(current, 0), totalPages - 1);
  const from = Math.max(0, page - PAGER_WINDOW);
  const to = Math.min(totalPages - 1, page + PAGER_WINDOW);
  const items: PagerItem[] = [];
  if (from > 0) items.push('ellipsis-start');
  for (let i = from; i <= to; i += 1) items.push(i);
  if (to < totalPages - 1) items.push('ellipsis-end');
  return items;
}

/** Whether the first/previous/next/last controls are shown (only past 10 pages). */
export const pagerHasJumps = (totalPages: number) => totalPages > PAGER_SHOW_ALL;
