import { describe, expect, test } from 'vitest';
import { type MenuItem, menu } from '../menu.ts';
import {
  activeGroupId,
  containsActive,
  filterMenu,
  isItemActive,
  isSmallScreen,
  openCollapseIds,
} from './menu-logic.ts';

const tree: MenuItem[] = [
  {
    id: 'nav',
    title: 'Navigácia',
    type: 'group',
    children: [{ id: 'home', title: 'Home', type: 'item', url: '/' }],
  },
  {
    id: 'admin',
    title: 'Administrácia',
    type: 'group',
    children: [
      {
        id: 'reports',
        title: 'Reporty',
        type: 'collapse',
        children: [
          { id: 'daily', title: 'Denné', type: 'item', url: '/reports/daily', authority: 'VIEW_GALLERY' },
          {
            id: 'archive',
            title: 'Archív',
            type: 'collapse',
            children: [{ id: 'old', title: 'Staré', type: 'item', url: '/reports/archive/old' }],
          },
        ],
      },
      {
        id: 'users',
        title: 'Používatelia',
        type: 'item',
        url: '/administration/users',
        authority: 'MANAGE_USERS',
      },
    ],
  },
];

const user = (...authorities: string[]) => ({ authorities });

describe('menu active and open logic (spec §2 Sidebar menu)', () => {
  test('an item is active when the path contains its url, ignoring case', () => {
    expect(isItemActive({ url: '/administration/users' }, '/administration/users')).toBe(true);
    expect(isItemActive({ url: '/administration/users' }, '/ADMINISTRATION/Users')).toBe(true);
    expect(isItemActive({ url: '/Administration/Users' }, '/administration/users/5')).toBe(true);
    expect(isItemActive({ url: '/administration/users' }, '/administration/sites')).toBe(false);
    expect(isItemActive({}, '/anything')).toBe(false);
  });

  test('the root url is active only on the root itself', () => {
    expect(isItemActive({ url: '/' }, '/')).toBe(true);
    expect(isItemActive({ url: '/' }, '/administration/users')).toBe(false);
  });

  test('groups and collapses holding the active item count as active', () => {
    const admin = tree[1] as MenuItem;
    expect(containsActive(admin, '/reports/archive/old')).toBe(true);
    expect(containsActive(admin, '/')).toBe(false);
    expect(activeGroupId(tree, '/reports/daily')).toBe('admin');
    expect(activeGroupId(tree, '/')).toBe('nav');
    expect(activeGroupId(tree, '/unknown')).toBe('nav');
  });

  test('sub-menus open when the path matches a child and close otherwise', () => {
    expect([...openCollapseIds(tree, '/reports/archive/old')].sort()).toEqual(['archive', 'reports']);
    expect([...openCollapseIds(tree, '/reports/daily')]).toEqual(['reports']);
    expect([...openCollapseIds(tree, '/administration/users')]).toEqual([]);
  });

  test('items lacking the authority are hidden, and so is a group left without children', () => {
    const onlyUsers = filterMenu(tree, user('MANAGE_USERS'));
    expect(onlyUsers.map((g) => g.id)).toEqual(['nav', 'admin']);
    const admin = onlyUsers[1] as MenuItem;
    expect(admin.children?.map((c) => c.id)).toEqual(['reports', 'users']);
    expect(admin.children?.[0]?.children?.map((c) => c.id)).toEqual(['archive']);

    const nothing = filterMenu(
      [
        {
          id: 'g',
          title: 'G',
          type: 'group',
          children: [{ id: 'x', title: 'X', type: 'item', url: '/x', authority: 'MANAGE_SITES' }],
        },
      ],
      user('ADD_PHOTOS'),
    );
    expect(nothing).toEqual([]);
  });

  test('the real menu: Administrácia shows when at least one child is permitted', () => {
    expect(filterMenu(menu, user('ADD_PHOTOS')).map((g) => g.id)).toEqual(['navigation']);
    const exportsOnly = filterMenu(menu, user('EXPORT_GALLERY'));
    expect(exportsOnly.map((g) => g.id)).toEqual(['administration']);
    expect(exportsOnly[0]?.children?.map((c) => c.title)).toEqual(['Exporty']);
    const all = filterMenu(
      menu,
      user('ADD_PHOTOS', 'MANAGE_SITES', 'VIEW_GALLERY', 'MANAGE_USERS', 'EXPORT_GALLERY'),
    );
    expect(all.flatMap((g) => [g.title, ...(g.children ?? []).map((c) => c.title)])).toEqual([
      'Navigácia',
      'Home',
      'Administrácia',
      'Site-y',
      'Galéria site-ov',
      'Používatelia',
      'Exporty',
    ]);
    expect(filterMenu(menu, null)).toEqual([]);
  });

  test('the drawer breakpoint is 1024 px inclusive', () => {
    expect(isSmallScreen(1024)).toBe(true);
    expect(isSmallScreen(1025)).toBe(false);
  });
});
