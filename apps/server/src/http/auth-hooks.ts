import type { Access, Authority } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { Auth, SessionsService } from '../modules/auth/sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    /** Every route as registered, with its access rule: what the authority-matrix test walks. */
    routeTable: RouteEntry[];
  }
}

export type RouteEntry = {
  method: string;
  url: string;
  access: Access | undefined;
  sameOriginOnly: boolean;
};

export const SESSION_COOKIE = 'SESSION';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  token: string,
  remember: boolean,
  expiresAt: number,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    // Without remember-me the cookie lives as long as the browser session; the server still ends it after 12 h idle.
    ...(remember ? { expires: new Date(expiresAt) } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
  });
}

/** A request another site made the browser send: refused before it can change anything. */
function isCrossSite(request: FastifyRequest, config: Config): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  const allowed = new Set([
    new URL(config.publicUrl).origin,
    `${request.protocol}://${request.headers.host}`,
  ]);
  return !allowed.has(origin);
}

export const holds = (auth: Auth | null, authorities: readonly Authority[]): boolean =>
  auth !== null && authorities.some((a) => auth.user.authorities.includes(a));

/**
 * One gate for every route, from the access rule each route declares in the contract:
 * cross-site check, then session, then authority — all before the body is even parsed.
 */
export function registerAuthHooks(app: FastifyInstance, config: Config, sessions: SessionsService) {
  app.decorateRequest('auth', null);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        access,
        sameOriginOnly: route.config?.sameOriginOnly === true,
      });
    }
    // An API route nobody thought about the access of must not start at all.
    if (route.url.startsWith('/apis') && access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const cfg = request.routeOptions.config;
    const changesState = !SAFE_METHODS.has(request.method) || cfg?.sameOriginOnly === true;
    if (changesState && request.url.startsWith('/apis') && isCrossSite(request, config)) {
      throw new AppError(403, 'CROSS_SITE', 'Požiadavka z inej stránky bola odmietnutá');
    }
    const access = cfg?.access;
    if (access === undefined) return;
    request.auth = await sessions.resolve(request.cookies[SESSION_COOKIE]);
    // The cookie follows the session's expiry when it moved, not on every request (a Set-Cookie per answer costs).
    if (request.auth?.remember && request.auth.slid) {
      setSessionCookie(reply, config, request.cookies[SESSION_COOKIE] ?? '', true, request.auth.expiresAt);
    }
    if (access === 'public') return;
    if (!request.auth) throw AppError.unauthorized();
    if (access !== 'signedIn' && !holds(request.auth, access)) throw AppError.forbidden();
  });
}

/** The signed-in user of a route whose access rule guarantees one. */
export function requireAuth(request: { auth: Auth | null }): Auth {
  if (!request.auth) throw AppError.unauthorized();
  return request.auth;
}
