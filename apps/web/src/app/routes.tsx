import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import type { Requirement } from '../lib/permissions.ts';

type ScreenLoader = () => Promise<{ default: ComponentType }>;

/**
 * Screens of the authenticated shell. A feature adds one entry; its screen is loaded on first visit
 * (its own chunk), and a user who does not meet `authority` sees `fallback` (the 404 page unless
 * given) instead of its content.
 */
export type AppRoute = {
  path: string;
  /** Fetches the screen's chunk; start-up calls it early for the address being opened. */
  load: ScreenLoader;
  screen: LazyExoticComponent<ComponentType>;
  authority?: Requirement;
  fallback?: ReactNode;
};

const routes: Omit<AppRoute, 'screen'>[] = [
  { path: '/', load: () => import('../features/capture/CapturePage.tsx'), authority: 'ADD_PHOTOS' },
  { path: '/change-password', load: () => import('../features/auth/ChangePasswordPage.tsx') },
  {
    path: '/administration/sites',
    load: () => import('../features/sites/SitesPage.tsx'),
    authority: 'MANAGE_SITES',
  },
  {
    path: '/administration/sites-gallery',
    load: () => import('../features/gallery/GalleryPage.tsx'),
    authority: 'VIEW_GALLERY',
  },
  {
    path: '/administration/users',
    load: () => import('../features/users/UsersPage.tsx'),
    authority: 'MANAGE_USERS',
  },
  {
    path: '/administration/exports',
    load: () => import('../features/exports/ExportsPage.tsx'),
    authority: 'EXPORT_GALLERY',
  },
];

export const appRoutes: AppRoute[] = routes.map((r) => ({ ...r, screen: lazy(r.load) }));

/** The loader of the screen at `pathname`, matched as the router does (case-insensitively). */
export function screenLoaderFor(pathname: string): ScreenLoader | undefined {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  return routes.find((r) => r.path.toLowerCase() === path)?.load;
}
