import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './platform/clock.ts';
import type { EventBus } from './platform/events.ts';
import type { Mailer } from './platform/mail.ts';
import type { Scheduler } from './platform/scheduler.ts';
import type { Storage } from './platform/storage/storage.ts';

/** What services and repositories are built from: one per app instance, no globals. */
export type AppContext = {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  events: EventBus;
  scheduler: Scheduler;
  /** Files: local disk under DATA_DIR now (platform/storage). */
  storage: Storage;
};
