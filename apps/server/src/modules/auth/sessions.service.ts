import type { Authority } from '@app/contract';
import { AUTHORITIES } from '@app/contract';
import type { AppContext } from '../../context.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import type { UserRecord } from '../users/users.repository.ts';
import type { AuthRepository } from './auth.repository.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** design.md §4: without remember-me 12 h idle; with it 30 days, sliding. Both have an absolute cap. */
export const SESSION_POLICY = {
  short: { idleMs: 12 * HOUR, absoluteMs: 7 * DAY },
  remember: { idleMs: 30 * DAY, absoluteMs: 90 * DAY },
  /** Sliding writes at most once a minute per session, not on every request. */
  touchEveryMs: 60_000,
};

export type SessionUser = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  admin: boolean;
  changePassword: boolean;
  authorities: Authority[];
};

export type Auth = {
  user: SessionUser;
  tokenHash: string;
  remember: boolean;
  expiresAt: number;
  /** This request moved the session's expiry (at most once a minute). */
  slid: boolean;
};

export const authoritiesOf = (u: Pick<UserRecord, 'admin' | 'permissions'>): Authority[] =>
  u.admin ? [...AUTHORITIES] : u.permissions;

export const toSessionUser = (u: UserRecord): SessionUser => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  admin: u.admin,
  changePassword: u.changePassword,
  authorities: authoritiesOf(u),
});

export class SessionsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: AuthRepository,
  ) {}

  private expiry(remember: boolean, createdAt: number, lastSeenAt: number): number {
    const p = remember ? SESSION_POLICY.remember : SESSION_POLICY.short;
    return Math.min(lastSeenAt + p.idleMs, createdAt + p.absoluteMs);
  }

  /**
   * A fresh token for every sign-in; the token itself is returned once and never stored. `repo`
   * may be bound to the caller's transaction.
   */
  async create(
    userId: number,
    remember: boolean,
    repo = this.repo,
  ): Promise<{ token: string; expiresAt: number }> {
    const now = this.ctx.clock.now();
    const token = newToken();
    const expiresAt = this.expiry(remember, now, now);
    await repo.insertSession({
      tokenHash: hashToken(token),
      userId,
      remember,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /**
   * The signed-in user behind a cookie token, or null; slides the idle expiry (`slid`: it moved,
   * so the browser's cookie should move too).
   */
  async resolve(token: string | undefined): Promise<Auth | null> {
    if (!token || token.length > 100) return null;
    const tokenHash = hashToken(token);
    const found = await this.repo.findSessionWithUser(tokenHash);
    const now = this.ctx.clock.now();
    if (!found) return null;
    const { session, user } = found;
    if (session.expiresAt <= now) {
      await this.repo.deleteSession(tokenHash);
      return null;
    }
    if (!user.active) return null;
    let expiresAt = session.expiresAt;
    const slid = now - session.lastSeenAt >= SESSION_POLICY.touchEveryMs;
    if (slid) {
      expiresAt = this.expiry(session.remember, session.createdAt, now);
      await this.repo.touchSession(tokenHash, now, expiresAt);
    }
    const { active: _, permissions, ...rest } = user;
    return {
      user: { ...rest, authorities: authoritiesOf({ admin: user.admin, permissions }) },
      tokenHash,
      remember: session.remember,
      expiresAt,
      slid,
    };
  }

  end(tokenHash: string): Promise<void> {
    return this.repo.deleteSession(tokenHash);
  }

  endAllOf(userId: number, exceptTokenHash?: string): Promise<void> {
    return this.repo.deleteUserSessions(userId, exceptTokenHash);
  }
}
