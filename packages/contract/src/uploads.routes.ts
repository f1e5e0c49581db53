import type { Route } from './access.ts';

const ADD_PHOTOS = ['ADD_PHOTOS'] as const;

/** Where each uploads route is, how it is called and who may: the schemas are in uploads.ts. */
export const uploadRoutes = {
  upload: {
    method: 'POST',
    path: '/apis/api/v1/site-content/upload',
    access: ADD_PHOTOS,
    consumes: ['application/octet-stream', '*/*'],
  },
  progress: { method: 'GET', path: '/apis/api/v1/site-content/upload/:uploadId', access: ADD_PHOTOS },
  preview: { method: 'GET', path: '/apis/api/v1/site-content/temp/:fileKey', access: ADD_PHOTOS },
  previewThumbnail: {
    method: 'GET',
    path: '/apis/api/v1/site-content/temp/:fileKey/thumbnail',
    access: ADD_PHOTOS,
  },
  deleteTemp: {
    method: 'POST',
    path: '/apis/api/v1/site-content/delete-temp-file/:fileKey',
    access: ADD_PHOTOS,
  },
  assign: { method: 'POST', path: '/apis/api/v1/site-content/assign-temp-file', access: ADD_PHOTOS },
} as const satisfies Record<string, Route>;
