import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ensureAdmin } from './bootstrap.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createDb, type Db } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { registerAuthHooks } from './http/auth-hooks.ts';
import { clientErrorHandler, registerErrorHandler } from './http/error-handler.ts';
import { registerInputGuards } from './http/input-guards.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStatic } from './http/static.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { LOGIN_LIMITS, LoginLimiter } from './modules/auth/login-limiter.ts';
import { SessionsService } from './modules/auth/sessions.service.ts';
import { registerFeatures } from './modules/features.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { EventBus } from './platform/events.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { Scheduler } from './platform/scheduler.ts';
import { createStorage } from './platform/storage/index.ts';

export const DEFAULT_WEB_DIST = path.resolve(fileURLToPath(import.meta.url), '../../../web/dist');

export type BuildOptions = {
  clock?: Clock;
  /** PostgreSQL schema to run in (tests). */
  pgSchema?: string;
  /** Where the built web app is; undefined serves the API only. */
  webDist?: string;
  logger?: boolean;
};

export type App = FastifyInstance & {
  ctx: AppContext;
  initialAdmin: { email: string; password?: string } | null;
};

/**
 * X-Forwarded-For is believed only from a proxy on this host or a private network: a client
 * talking to the server directly cannot pick its own address and so dodge the sign-in limits.
 */
export const TRUSTED_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

/** The whole server as one Fastify instance, not listening: main.ts listens, tests listen on port 0. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: TRUSTED_PROXIES,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db: Db = createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgSchema: options.pgSchema,
  });
  await migrate(db);
  const events = new EventBus();
  events.onError = (err, event) => app.log.error({ err, event }, 'Event listener failed');
  const mailer: Mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  const ctx: AppContext = {
    config,
    db,
    clock: options.clock ?? systemClock,
    mailer,
    log: app.log,
    events,
    scheduler: new Scheduler(app.log),
    storage: createStorage(config),
  };

  const usersRepo = new UsersRepository(db.kysely);
  const authRepo = new AuthRepository(db.kysely);
  const sessions = new SessionsService(ctx, authRepo);
  const auth = new AuthService(ctx, usersRepo, authRepo, sessions, new LoginLimiter(authRepo, ctx.clock));
  const users = new UsersService(ctx, usersRepo, sessions, auth);

  registerSecurityHeaders(app, config.publicUrl.startsWith('https:'), config.mapTileOrigin);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Stavebný denník API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  registerErrorHandler(app);
  registerAuthHooks(app, config, sessions);
  registerInputGuards(app);

  authRoutes(app, { config, auth, sessions });
  usersRoutes(app, users);
  healthRoutes(app, db);
  await registerFeatures(app, ctx, { sessions, auth, usersRepo });
  ctx.scheduler.every('expired-sessions', 3600_000, () =>
    authRepo.purgeExpired(ctx.clock.now(), LOGIN_LIMITS.windowMs),
  );
  app.get('/apis/docs/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    app.swagger(),
  );
  await registerStatic(app, options.webDist);

  app.addHook('onClose', async () => {
    ctx.scheduler.stop();
    mailer.close();
    await db.destroy();
  });

  const initialAdmin = await ensureAdmin(ctx, usersRepo);
  return Object.assign(app, { ctx, initialAdmin }) as unknown as App;
}
