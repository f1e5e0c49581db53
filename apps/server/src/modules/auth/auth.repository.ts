import { AUTHORITIES, type Authority } from '@app/contract';
import type { CompiledQuery, InferResult, Kysely } from 'kysely';
import { toBool } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

export type SessionRow = {
  tokenHash: string;
  userId: number;
  remember: boolean;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
};

/** The one query resolving a cookie; compiled with a stand-in token, its only parameter. */
const sessionLookupQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('user_permissions', 'user_permissions.user_id', 'sessions.user_id')
    .select([
      'sessions.user_id',
      'sessions.remember',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.admin',
      'users.active',
      'users.change_password',
      'user_permissions.authority',
    ])
    .where('sessions.token_hash', '=', '');

type SessionLookupRow = InferResult<ReturnType<typeof sessionLookupQuery>>[number];

export type SessionWithUser = {
  session: SessionRow;
  user: {
    id: number;
    firstName: string;
    lastName: string;
    email: string;
    admin: boolean;
    active: boolean;
    changePassword: boolean;
    permissions: Authority[];
  };
};

/** Sessions, one-time tokens and sign-in failure counters: all in the database, so any instance serves any request. */
export class AuthRepository {
  /** Built and compiled once: building and compiling cost more CPU than SQLite's lookup itself. */
  private sessionLookup: CompiledQuery<SessionLookupRow> | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` in one transaction, with a repository bound to it: several writes of one request
   * cost one commit (on PostgreSQL, one WAL flush instead of one per statement).
   */
  inTransaction<T>(work: (repo: AuthRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AuthRepository(trx)));
  }

  async insertSession(s: SessionRow): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: s.tokenHash,
        user_id: s.userId,
        remember: s.remember ? 1 : 0,
        created_at: s.createdAt,
        last_seen_at: s.lastSeenAt,
        expires_at: s.expiresAt,
      })
      .execute();
  }

  /**
   * A session with its user and the user's permissions in one query (one row per permission):
   * every request resolves its cookie, and on PostgreSQL each query is a round trip.
   */
  async findSessionWithUser(tokenHash: string): Promise<SessionWithUser | undefined> {
    this.sessionLookup ??= sessionLookupQuery(this.db).compile();
    const { rows } = await this.db.executeQuery<SessionLookupRow>({
      ...this.sessionLookup,
      parameters: [tokenHash],
    });
    const r = rows[0];
    if (!r) return undefined;
    const granted = new Set(rows.map((row) => row.authority));
    return {
      session: {
        tokenHash,
        userId: r.user_id,
        remember: r.remember === 1,
        createdAt: r.created_at,
        lastSeenAt: r.last_seen_at,
        expiresAt: r.expires_at,
      },
      user: {
        id: r.user_id,
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        admin: toBool(r.admin),
        active: toBool(r.active),
        changePassword: toBool(r.change_password),
        permissions: AUTHORITIES.filter((a) => granted.has(a)),
      },
    };
  }

  async touchSession(tokenHash: string, lastSeenAt: number, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  /** Ends every session of a user, except the one given (the one that changed the password). */
  async deleteUserSessions(userId: number, exceptTokenHash?: string): Promise<void> {
    let q = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptTokenHash) q = q.where('token_hash', '!=', exceptTokenHash);
    await q.execute();
  }

  async deleteExpiredSessions(now: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }

  /** Housekeeping: expired sessions and links, and attempt counters whose window has passed. */
  async purgeExpired(now: number, attemptWindowMs: number): Promise<void> {
    await this.deleteExpiredSessions(now);
    await this.db.deleteFrom('user_tokens').where('expires_at', '<=', now).execute();
    await this.db
      .deleteFrom('login_attempts')
      .where('window_start', '<=', now - attemptWindowMs)
      .execute();
  }

  /** A new token of a kind voids the user's earlier ones of that kind. */
  async replaceToken(t: {
    tokenHash: string;
    userId: number;
    kind: 'RESET' | 'ACTIVATION';
    createdAt: number;
    expiresAt: number;
  }) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('user_tokens')
        .where('user_id', '=', t.userId)
        .where('kind', '=', t.kind)
        .execute();
      await trx
        .insertInto('user_tokens')
        .values({
          token_hash: t.tokenHash,
          user_id: t.userId,
          kind: t.kind,
          created_at: t.createdAt,
          expires_at: t.expiresAt,
          used_at: null,
        })
        .execute();
    });
  }

  /** Every outstanding link of a user (reset and activation alike). */
  async deleteTokens(userId: number): Promise<void> {
    await this.db.deleteFrom('user_tokens').where('user_id', '=', userId).execute();
  }

  async findValidToken(tokenHash: string, kind: 'RESET' | 'ACTIVATION', now: number) {
    return this.db
      .selectFrom('user_tokens')
      .select(['user_id as userId', 'token_hash as tokenHash'])
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Marks a token used; false when another request used it first (single use under races too). */
  async useToken(tokenHash: string, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('user_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Counts one attempt in each key's window (a new window when the old one has passed) and
   * returns the counts after it: one atomic statement for all keys, so parallel requests cannot
   * all slip under the limit together, and a sign-in pays one commit for its counting.
   */
  async countAttempt(keys: string[], now: number, windowStartAfter: number): Promise<Map<string, number>> {
    const rows = await this.db
      .insertInto('login_attempts')
      .values(keys.map((key) => ({ key, window_start: now, failures: 1 })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('login_attempts.window_start', '<=', windowStartAfter)
            .then(1)
            .else(eb('login_attempts.failures', '+', 1))
            .end(),
          window_start: eb
            .case()
            .when('login_attempts.window_start', '<=', windowStartAfter)
            .then(now)
            .else(eb.ref('login_attempts.window_start'))
            .end(),
        })),
      )
      .returning(['key', 'failures'])
      .execute();
    return new Map(rows.map((r) => [r.key, Number(r.failures)]));
  }

  /** Takes back one counted attempt that turned out to be a success. */
  async uncountAttempt(key: string): Promise<void> {
    await this.db
      .updateTable('login_attempts')
      .set((eb) => ({ failures: eb('failures', '-', 1) }))
      .where('key', '=', key)
      .where('failures', '>', 0)
      .execute();
  }

  async clearFailures(key: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('key', '=', key).execute();
  }
}
