import { userEndpoints as ep } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-hooks.ts';
import { route } from '../../http/route.ts';
import type { UsersService } from './users.service.ts';

export function usersRoutes(app: FastifyInstance, users: UsersService) {
  route(app, ep.table, async (req) => ({
    data: await users.table(req.query.search, req.query.page, req.query.size),
  }));
  route(app, ep.detail, async (req) => ({ data: await users.detail(req.params.id) }));
  route(app, ep.create, async (req) => {
    const { user, message } = await users.create(requireAuth(req).user, req.body);
    return { data: user, ...(message && { message }) };
  });
  route(app, ep.update, async (req) => ({
    data: await users.update(requireAuth(req), req.params.id, req.body),
  }));
  route(app, ep.resendVerification, async (req) => ({
    message: await users.resendVerification(requireAuth(req).user, req.query.email),
  }));
  route(app, ep.deactivate, async (req) => ({
    message: await users.deactivate(requireAuth(req).user, req.params.id),
  }));
  route(app, ep.permissions, async () => ({ data: users.permissions() }));
}
