import type { Kysely } from 'kysely';
import * as m0001 from './0001-accounts.ts';
import * as m0002 from './0002-sites-media.ts';
import * as m0003 from './0003-notifications.ts';
import * as m0004 from './0004-gallery.ts';
import * as m0005 from './0005-exports.ts';
import * as m0006 from './0006-uploads.ts';
import * as m0007 from './0007-gallery-site-days.ts';
import * as m0008 from './0008-gallery-date-index.ts';
import type { MigrationContext } from './helpers.ts';

type Migration = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

/** Every migration, in order. Names are permanent: never rename or reorder one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-sites-media': m0002,
  '0003-notifications': m0003,
  '0004-gallery': m0004,
  '0005-exports': m0005,
  '0006-uploads': m0006,
  '0007-gallery-site-days': m0007,
  '0008-gallery-date-index': m0008,
};
