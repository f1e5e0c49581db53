import type { Route } from './access.ts';

const MANAGE_SITES = ['MANAGE_SITES'] as const;

/** Where each sites route is, how it is called and who may: the schemas are in sites.ts. */
export const siteRoutes = {
  table: { method: 'GET', path: '/apis/api/v1/site/table', access: MANAGE_SITES },
  select: { method: 'GET', path: '/apis/api/v1/site/select', access: ['ADD_PHOTOS'] },
  detail: { method: 'GET', path: '/apis/api/v1/site/detail/:id', access: MANAGE_SITES },
  create: { method: 'POST', path: '/apis/api/v1/site/create', access: MANAGE_SITES },
  update: { method: 'PUT', path: '/apis/api/v1/site/update/:id', access: MANAGE_SITES },
  deactivate: { method: 'DELETE', path: '/apis/api/v1/site/delete/:id', access: MANAGE_SITES },
} as const satisfies Record<string, Route>;
