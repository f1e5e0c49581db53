import { authEndpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { route } from '../../http/route.ts';

export function healthRoutes(app: FastifyInstance, db: Db) {
  route(app, authEndpoints.health, async () => {
    await sql`select 1`.execute(db.kysely);
    return { data: { status: 'ok' as const, db: 'ok' as const } };
  });
}
