import type { Route } from './access.ts';

const VIEW_GALLERY = ['VIEW_GALLERY'] as const;

/** A DATE folder's key: `<siteId>_<YYYY-MM-DD>`. */
export const dateFolderKey = (siteId: number, siteDate: string) => `${siteId}_${siteDate}`;

/** Where each gallery route is, how it is called and who may: the schemas are in gallery.ts. */
export const galleryRoutes = {
  folders: { method: 'GET', path: '/apis/api/v1/site-content/gallery', access: VIEW_GALLERY },
  media: { method: 'GET', path: '/apis/api/v1/site-content/gallery/folder/:folder', access: VIEW_GALLERY },
  file: { method: 'GET', path: '/apis/api/v1/site-content/media/:id/file', access: 'signedIn' },
  thumbnail: { method: 'GET', path: '/apis/api/v1/site-content/media/:id/thumbnail', access: 'signedIn' },
} as const satisfies Record<string, Route>;
