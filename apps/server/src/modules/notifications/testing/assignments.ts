import { randomBytes } from 'node:crypto';
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { AppContext } from '../../../context.ts';
import { fold } from '../../../db/database.ts';
import type { Database, MediaType } from '../../../db/types.ts';
import type { AssignListener, MediaAssigned } from '../../../platform/events.ts';

export type TestSite = { id: number; name: string; code: string };

export async function insertSite(db: Kysely<Database>, name = 'Bytový dom Slnečnica'): Promise<TestSite> {
  const code = `S${randomBytes(4).toString('hex').toUpperCase()}`;
  const now = Date.now();
  const row = await db
    .insertInto('sites')
    .values({
      name,
      code,
      code_lower: code.toLowerCase(),
      lat: 48.15,
      lng: 17.11,
      active: 1,
      search_text: fold(`${name} ${code}`),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, code };
}

export type AssignInput = {
  site: TestSite;
  author: { id: number; name: string };
  type?: MediaType;
  siteDate?: string;
};

async function insertMedia(trx: Kysely<Database>, a: AssignInput, siteDate: string): Promise<number> {
  const now = Date.now();
  const row = await trx
    .insertInto('media_items')
    .values({
      site_id: a.site.id,
      author_id: a.author.id,
      author_name: a.author.name,
      type: a.type ?? 'IMAGE',
      mime_type: a.type === 'VIDEO' ? 'video/webm' : 'image/jpeg',
      size: 1234,
      sha256: randomBytes(32).toString('hex'),
      storage_key: `media/${randomBytes(8).toString('hex')}`,
      thumbnail_key: null,
      display_key: null,
      width: null,
      height: null,
      duration_seconds: null,
      taken_at: now,
      site_date: siteDate,
      lat: null,
      lng: null,
      search_text: fold(`${a.site.name} ${a.site.code} ${a.author.name}`),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * What the assignment endpoint does, for tests written before it existed: the media row and every
 * assign listener in one transaction, then `media.assigned` after the commit. `failAfterListeners`
 * rolls the transaction back once the listeners ran.
 */
export async function assignMedia(
  ctx: AppContext,
  a: AssignInput,
  opts: {
    failAfterListeners?: boolean;
    /** Run these instead of every registered assign listener. */
    listeners?: AssignListener[];
    /** false: as if the process died right after the commit, before announcing it. */
    emit?: boolean;
  } = {},
): Promise<MediaAssigned> {
  const siteDate = a.siteDate ?? '2026-11-21';
  const event = await ctx.db.kysely.transaction().execute(async (trx) => {
    const mediaId = await insertMedia(trx, a, siteDate);
    const e: MediaAssigned = {
      mediaId,
      type: a.type ?? 'IMAGE',
      siteId: a.site.id,
      siteName: a.site.name,
      siteCode: a.site.code,
      siteDate,
      authorId: a.author.id,
      authorName: a.author.name,
    };
    for (const listener of opts.listeners ?? ctx.events.assignListeners) await listener(trx, e);
    if (opts.failAfterListeners) throw new RolledBack();
    return e;
  });
  if (opts.emit !== false) ctx.events.emit('media.assigned', event);
  return event;
}

export class RolledBack extends Error {}

/** Counts the statements run through a Kysely instance it is plugged into. */
export class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
