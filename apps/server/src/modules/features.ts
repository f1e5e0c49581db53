import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { AuthService } from './auth/auth.service.ts';
import type { SessionsService } from './auth/sessions.service.ts';
import { registerExports } from './exports/exports.module.ts';
import { registerGallery } from './gallery/gallery.module.ts';
import { registerNotifications } from './notifications/notifications.module.ts';
import { registerSites } from './sites/sites.routes.ts';
import { registerUploads } from './uploads/uploads.module.ts';
import type { UsersRepository } from './users/users.repository.ts';

/** What every feature module may build on besides the context. */
export type Core = {
  sessions: SessionsService;
  auth: AuthService;
  usersRepo: UsersRepository;
};

/**
 * Feature modules beyond accounts (sites, uploads, gallery, exports, notifications): each
 * registers its routes, listeners and scheduled tasks here, one line apiece.
 */
export async function registerFeatures(app: FastifyInstance, ctx: AppContext, _core: Core): Promise<void> {
  await registerNotifications(app, ctx);
  registerSites(app, ctx);
  await registerUploads(app, ctx);
  registerGallery(app, ctx);
  registerExports(app, ctx);
}
