import { AUTHORITIES, type Authority } from '@app/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import { containsPattern, fold, toBool, toInt } from '../../db/database.ts';
import type { Database, UsersTable } from '../../db/types.ts';

export type UserRecord = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string | null;
  admin: boolean;
  active: boolean;
  status: 'ACTIVE' | 'EMAIL_VERIFICATION';
  changePassword: boolean;
  permissions: Authority[];
};

export type NewUser = Omit<UserRecord, 'id'>;

const toRecord = (u: Selectable<UsersTable>, permissions: Authority[]): UserRecord => ({
  id: u.id,
  firstName: u.first_name,
  lastName: u.last_name,
  email: u.email,
  passwordHash: u.password_hash,
  admin: toBool(u.admin),
  active: toBool(u.active),
  status: u.status,
  changePassword: toBool(u.change_password),
  permissions,
});

const searchText = (u: { firstName: string; lastName: string; email: string }) =>
  fold(`${u.firstName} ${u.lastName} ${u.lastName} ${u.firstName} ${u.email}`);

/** Two requests raced past the e-mail check: the unique index decided. */
export class DuplicateEmailError extends Error {}

const isUniqueViolation = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

const knownAuthorities = (list: string[]): Authority[] => AUTHORITIES.filter((a) => list.includes(a));

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findById(id: number): Promise<UserRecord | undefined> {
    const u = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return u && toRecord(u, await this.permissionsOf(u.id));
  }

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const u = await this.db
      .selectFrom('users')
      .selectAll()
      .where('email_lower', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    return u && toRecord(u, await this.permissionsOf(u.id));
  }

  async emailTaken(email: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('users').select('id').where('email_lower', '=', email.trim().toLowerCase());
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async permissionsOf(userId: number): Promise<Authority[]> {
    const rows = await this.db
      .selectFrom('user_permissions')
      .select('authority')
      .where('user_id', '=', userId)
      .execute();
    return knownAuthorities(rows.map((r) => r.authority));
  }

  async insert(user: NewUser, now: number): Promise<number> {
    return this.uniqueEmail(() =>
      this.db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('users')
          .values({
            first_name: user.firstName,
            last_name: user.lastName,
            email: user.email.trim(),
            email_lower: user.email.trim().toLowerCase(),
            password_hash: user.passwordHash,
            admin: toInt(user.admin),
            active: toInt(user.active),
            status: user.status,
            change_password: toInt(user.changePassword),
            search_text: searchText(user),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replacePermissions(trx, id, user.permissions);
        return id;
      }),
    );
  }

  private async uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      throw isUniqueViolation(err) ? new DuplicateEmailError() : err;
    }
  }

  async update(
    id: number,
    fields: Pick<
      UserRecord,
      'firstName' | 'lastName' | 'email' | 'admin' | 'active' | 'changePassword' | 'permissions'
    > & {
      passwordHash?: string;
    },
    now: number,
  ): Promise<void> {
    await this.uniqueEmail(() =>
      this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({
            first_name: fields.firstName,
            last_name: fields.lastName,
            email: fields.email.trim(),
            email_lower: fields.email.trim().toLowerCase(),
            admin: toInt(fields.admin),
            active: toInt(fields.active),
            change_password: toInt(fields.changePassword),
            search_text: searchText(fields),
            updated_at: now,
            ...(fields.passwordHash ? { password_hash: fields.passwordHash, status: 'ACTIVE' as const } : {}),
          })
          .where('id', '=', id)
          .execute();
        await replacePermissions(trx, id, fields.permissions);
      }),
    );
  }

  async setPassword(id: number, passwordHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, change_password: 0, status: 'ACTIVE', updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async deactivate(id: number, now: number): Promise<void> {
    await this.db.updateTable('users').set({ active: 0, updated_at: now }).where('id', '=', id).execute();
  }

  async page(search: string | undefined, page: number, size: number) {
    let base = this.db.selectFrom('users');
    // ESCAPE is spelled out: SQLite has no default escape character, so `_` would stay a wildcard.
    if (search?.trim())
      base = base.where(sql<boolean>`search_text like ${containsPattern(search.trim())} escape '\\'`);
    const [{ n }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    const perms = rows.length
      ? await this.db
          .selectFrom('user_permissions')
          .select(['user_id', 'authority'])
          .where(
            'user_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      : [];
    const content = rows.map((u) =>
      toRecord(u, knownAuthorities(perms.filter((p) => p.user_id === u.id).map((p) => p.authority))),
    );
    return { content, total: Number(n) };
  }
}

async function replacePermissions(trx: Kysely<Database>, userId: number, permissions: Authority[]) {
  await trx.deleteFrom('user_permissions').where('user_id', '=', userId).execute();
  const unique = [...new Set(permissions)];
  if (unique.length) {
    await trx
      .insertInto('user_permissions')
      .values(unique.map((authority) => ({ user_id: userId, authority })))
      .execute();
  }
}
