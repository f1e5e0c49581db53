import type { Route } from './access.ts';

/** Where each auth route is, how it is called and who may: the schemas are in auth.ts. */
export const authRoutes = {
  authenticate: {
    method: 'POST',
    path: '/apis/authenticate',
    access: 'public',
    consumes: ['application/x-www-form-urlencoded'],
  },
  authCheck: { method: 'GET', path: '/apis/auth-check', access: 'signedIn' },
  logout: { method: 'POST', path: '/apis/user-logout', access: 'public' },
  requestReset: { method: 'PUT', path: '/apis/reset-password', access: 'public' },
  completeReset: { method: 'PUT', path: '/apis/reset-password/:code', access: 'public' },
  verification: { method: 'GET', path: '/apis/verification', access: 'public' },
  finishVerification: { method: 'POST', path: '/apis/finish-verification', access: 'public' },
  changePassword: { method: 'PUT', path: '/apis/api/v1/user/change-password', access: 'signedIn' },
  health: { method: 'GET', path: '/apis/health', access: 'public' },
} as const satisfies Record<string, Route>;
