import { type HasAuthorities, hasAuthority } from '../../lib/permissions.ts';
import type { MenuItem } from '../menu.ts';

/** Spec §9: at or below this width the menu is a drawer over the content. */
export const MOBILE_BREAKPOINT_PX = 1024;

/**
 * Spec §2: an item is active when the current path contains its url, case-insensitively. The root
 * url '/' is contained in every path, so it is active only on '/' itself — otherwise Home would be
 * highlighted on every screen.
 */
export function isItemActive(item: Pick<MenuItem, 'url'>, pathname: string): boolean {
  if (!item.url) return false;
  const path = pathname.toLowerCase();
  const url = item.url.toLowerCase();
  if (url === '/') return path === '/';
  return path.includes(url);
}

/** Whether the item or any descendant is active: groups and sub-menus holding it open themselves. */
export function containsActive(item: MenuItem, pathname: string): boolean {
  if (isItemActive(item, pathname)) return true;
  return (item.children ?? []).some((child) => containsActive(child, pathname));
}

/**
 * The menu this user may see: items lacking the authority are dropped, and a group or collapse is
 * kept only while at least one child remains.
 */
export function filterMenu(items: MenuItem[], user: HasAuthorities): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (!hasAuthority(user, item.authority)) continue;
    if (item.type === 'group' || item.type === 'collapse') {
      const children = filterMenu(item.children ?? [], user);
      if (children.length > 0) out.push({ ...item, children });
    } else {
      out.push(item);
    }
  }
  return out;
}

/** The group tab to show for a path: the one holding the active item, else the first. */
export function activeGroupId(groups: MenuItem[], pathname: string): string | undefined {
  return (groups.find((g) => containsActive(g, pathname)) ?? groups[0])?.id;
}

/** Ids of the collapse items that hold the active item: exactly those are open after navigation. */
export function openCollapseIds(items: MenuItem[], pathname: string): Set<string> {
  const open = new Set<string>();
  const walk = (list: MenuItem[]) => {
    for (const item of list) {
      if (item.type === 'collapse' && containsActive(item, pathname)) open.add(item.id);
      if (item.children) walk(item.children);
    }
  };
  walk(items);
  return open;
}

export const isSmallScreen = (width: number) => width <= MOBILE_BREAKPOINT_PX;
