import type { Route } from './access.ts';

const EXPORT_GALLERY = ['EXPORT_GALLERY'] as const;

/** Where each exports route is, how it is called and who may: the schemas are in exports.ts. */
export const exportRoutes = {
  request: {
    method: 'GET',
    path: '/apis/api/v1/site-content/export',
    access: EXPORT_GALLERY,
    sameOriginOnly: true,
  },
  list: { method: 'GET', path: '/apis/api/v1/site-content/exports', access: EXPORT_GALLERY },
  download: { method: 'GET', path: '/apis/api/v1/site-content/exports/:id/download', access: EXPORT_GALLERY },
} as const satisfies Record<string, Route>;
