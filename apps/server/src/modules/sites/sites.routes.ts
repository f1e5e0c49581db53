import { siteEndpoints as ep } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { SitesRepository } from './sites.repository.ts';
import { SITE_MESSAGES, SitesService } from './sites.service.ts';

export function sitesRoutes(app: FastifyInstance, sites: SitesService) {
  route(app, ep.table, async (req) => ({
    data: await sites.table(req.query.search, req.query.page, req.query.size),
  }));
  route(app, ep.select, async (req) => ({
    data: await sites.select(req.query.search, req.query.lat, req.query.lng),
  }));
  route(app, ep.detail, async (req) => ({ data: await sites.detail(req.params.id) }));
  route(app, ep.create, async (req) => ({
    data: await sites.create(req.body),
    message: SITE_MESSAGES.created,
  }));
  route(app, ep.update, async (req) => ({
    data: await sites.update(req.params.id, req.body),
    message: SITE_MESSAGES.updated,
  }));
  route(app, ep.deactivate, async (req) => ({ message: await sites.deactivate(req.params.id) }));
}

/** Sites: the admin table and form, and the picker of the capture screen. */
export function registerSites(app: FastifyInstance, ctx: AppContext): SitesService {
  const service = new SitesService(ctx, new SitesRepository(ctx.db.kysely, ctx.db.dialect));
  sitesRoutes(app, service);
  return service;
}
