import type { Authority } from '@app/contract/web';
import {
  CompassIcon,
  ExportIcon,
  GalleryIcon,
  HomeIcon,
  type IconComponent,
  SettingsIcon,
  SiteIcon,
  UsersIcon,
} from '../components/icons.tsx';
import { sk } from '../i18n/sk.ts';

/** Spec §3 Menu item. A `group` is a tab of the sidebar; `collapse` opens children; `item` links. */
export type MenuItem = {
  id: string;
  title: string;
  type: 'group' | 'collapse' | 'item';
  url?: string;
  icon?: IconComponent;
  authority?: Authority;
  children?: MenuItem[];
  badge?: { title: string; variant?: string };
  target?: '_blank';
};

/**
 * The sidebar. A feature adds one entry to a group (or a `collapse` with children, three levels at
 * most); entries the user lacks the authority for are hidden, and so is a group left empty.
 */
export const menu: MenuItem[] = [
  {
    id: 'navigation',
    title: sk.menu.navigation,
    type: 'group',
    icon: CompassIcon,
    children: [
      { id: 'home', title: sk.menu.home, type: 'item', url: '/', icon: HomeIcon, authority: 'ADD_PHOTOS' },
    ],
  },
  {
    id: 'administration',
    title: sk.menu.administration,
    type: 'group',
    icon: SettingsIcon,
    children: [
      {
        id: 'sites',
        title: sk.menu.sites,
        type: 'item',
        url: '/administration/sites',
        icon: SiteIcon,
        authority: 'MANAGE_SITES',
      },
      {
        id: 'sites-gallery',
        title: sk.menu.gallery,
        type: 'item',
        url: '/administration/sites-gallery',
        icon: GalleryIcon,
        authority: 'VIEW_GALLERY',
      },
      {
        id: 'users',
        title: sk.menu.users,
        type: 'item',
        url: '/administration/users',
        icon: UsersIcon,
        authority: 'MANAGE_USERS',
      },
      {
        id: 'exports',
        title: sk.menu.exports,
        type: 'item',
        url: '/administration/exports',
        icon: ExportIcon,
        authority: 'EXPORT_GALLERY',
      },
    ],
  },
];
