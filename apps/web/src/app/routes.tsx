import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import type { Requirement } from '../lib/permissions.ts';

/**
 * Screens of the authenticated shell. A feature adds one entry; its screen is loaded on first visit
 * (its own chunk), and a user who does not meet `authority` sees `fallback` (the 404 page unless
 * given) instead of its content.
 */
export type AppRoute = {
  path: string;
  screen: LazyExoticComponent<ComponentType>;
  authority?: Requirement;
  fallback?: ReactNode;
};

export const appRoutes: AppRoute[] = [
  { path: '/', screen: lazy(() => import('../features/capture/CapturePage.tsx')), authority: 'ADD_PHOTOS' },
  { path: '/change-password', screen: lazy(() => import('../features/auth/ChangePasswordPage.tsx')) },
  {
    path: '/administration/sites',
    screen: lazy(() => import('../features/sites/SitesPage.tsx')),
    authority: 'MANAGE_SITES',
  },
  {
    path: '/administration/sites-gallery',
    screen: lazy(() => import('../features/gallery/GalleryPage.tsx')),
    authority: 'VIEW_GALLERY',
  },
  {
    path: '/administration/users',
    screen: lazy(() => import('../features/users/UsersPage.tsx')),
    authority: 'MANAGE_USERS',
  },
  {
    path: '/administration/exports',
    screen: lazy(() => import('../features/exports/ExportsPage.tsx')),
    authority: 'EXPORT_GALLERY',
  },
];
