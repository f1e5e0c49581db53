import { authEndpoints as ep } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { clearSessionCookie, requireAuth, setSessionCookie } from '../../http/auth-hooks.ts';
import { route } from '../../http/route.ts';
import { AUTH_MESSAGES, type AuthService } from './auth.service.ts';
import type { SessionsService } from './sessions.service.ts';

const REMEMBER_VALUES = new Set(['on', 'true', '1', 'yes']);

export function authRoutes(
  app: FastifyInstance,
  deps: { config: Config; auth: AuthService; sessions: SessionsService },
) {
  const { config, auth, sessions } = deps;

  route(app, ep.authenticate, async (req, reply) => {
    const remember = REMEMBER_VALUES.has(String(req.body['remember-me'] ?? '').toLowerCase());
    const result = await auth.authenticate(req.body.username, req.body.password, remember, req.ip);
    // The old session ends only once the new one exists: a mistyped password signs nobody out.
    if (req.auth) await sessions.end(req.auth.tokenHash);
    setSessionCookie(reply, config, result.token, remember, result.expiresAt);
    return { data: { ...result.user } };
  });

  route(app, ep.authCheck, async (req) => ({ data: requireAuth(req).user }));

  // Logout reads no body, so a client that labels an empty one as JSON must not get a 400 and stay signed in.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, undefined),
    );
    route(scope, ep.logout, async (req, reply) => {
      if (req.auth) await sessions.end(req.auth.tokenHash);
      clearSessionCookie(reply, config);
      return { message: AUTH_MESSAGES.loggedOut };
    });
  });

  route(app, ep.changePassword, async (req) => ({
    message: await auth.changePassword(requireAuth(req), req.body, req.ip),
  }));
  route(app, ep.requestReset, async (req) => ({ message: await auth.requestReset(req.body.value) }));
  route(app, ep.completeReset, async (req) => ({
    message: await auth.completeReset(req.params.code, req.body.value),
  }));
  route(app, ep.verification, async (req) => ({ message: await auth.checkVerification(req.query.hash) }));
  route(app, ep.finishVerification, async (req) => ({
    message: await auth.finishVerification(req.body.hash, req.body.newPassword),
  }));
}
