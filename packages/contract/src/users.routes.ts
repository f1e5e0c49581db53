import type { Route } from './access.ts';

const MANAGE_USERS = ['MANAGE_USERS'] as const;

/** Where each users route is, how it is called and who may: the schemas are in users.ts. */
export const userRoutes = {
  table: { method: 'GET', path: '/apis/api/v1/user/table', access: MANAGE_USERS },
  detail: { method: 'GET', path: '/apis/api/v1/user/detail/:id', access: MANAGE_USERS },
  create: { method: 'POST', path: '/apis/api/v1/user/create', access: MANAGE_USERS },
  update: { method: 'PUT', path: '/apis/api/v1/user/update/:id', access: MANAGE_USERS },
  resendVerification: { method: 'PUT', path: '/apis/api/v1/user/resend-verification', access: MANAGE_USERS },
  deactivate: { method: 'DELETE', path: '/apis/api/v1/user/delete/:id', access: MANAGE_USERS },
  permissions: { method: 'GET', path: '/apis/api/v1/user/permissions', access: MANAGE_USERS },
} as const satisfies Record<string, Route>;
