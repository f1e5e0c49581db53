import { randomBytes } from 'node:crypto';
import type { AppContext } from './context.ts';
import { DuplicateEmailError, type UsersRepository } from './modules/users/users.repository.ts';
import { hashPassword } from './platform/passwords.ts';

/** First start on an empty database: one admin, from the environment or with a password printed once. */
export async function ensureAdmin(
  ctx: AppContext,
  users: UsersRepository,
): Promise<{ email: string; password?: string } | null> {
  if ((await users.count()) > 0) return null;
  const email = ctx.config.adminEmail ?? 'admin@localhost';
  const generated = ctx.config.adminPassword ? undefined : `Aa1${randomBytes(12).toString('base64url')}`;
  const passwordHash = await hashPassword(ctx.config.adminPassword ?? (generated as string));
  try {
    await users.insert(
      {
        firstName: 'Admin',
        lastName: 'Administrátor',
        email,
        passwordHash,
        admin: true,
        active: true,
        status: 'ACTIVE',
        changePassword: false,
        permissions: [],
      },
      ctx.clock.now(),
    );
  } catch (err) {
    // Instances started together on an empty database: another one made the admin a moment ago.
    if (err instanceof DuplicateEmailError) return null;
    throw err;
  }
  return { email, password: generated };
}
