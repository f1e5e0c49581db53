import type { Clock } from '../../platform/clock.ts';
import type { AuthRepository } from './auth.repository.ts';

/**
 * Sign-in failures are counted per (account, address) and per address, never per account
 * alone: a stranger who types a victim's e-mail wrong a hundred times locks out only their own
 * address, not the victim. Counters live in the database, so every instance sees them.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  perAccountAndAddress: 5,
  perAddress: 30,
};

export class LoginLimiter {
  constructor(
    private readonly repo: AuthRepository,
    private readonly clock: Clock,
  ) {}

  private keys(email: string, ip: string) {
    const account = email.trim().toLowerCase().slice(0, 254);
    return { pair: `pair:${account}|${ip}`, address: `ip:${ip}` };
  }

  /**
   * Counts the attempt as a failure before the password is even checked (so a burst of parallel
   * guesses cannot all pass the limit at once); false when the caller is over the limit.
   * A success later takes the count back with `succeeded`.
   */
  async begin(email: string, ip: string): Promise<boolean> {
    const { pair, address } = this.keys(email, ip);
    const now = this.clock.now();
    const counts = await this.repo.countAttempt([pair, address], now, now - LOGIN_LIMITS.windowMs);
    return (
      (counts.get(pair) ?? 0) <= LOGIN_LIMITS.perAccountAndAddress &&
      (counts.get(address) ?? 0) <= LOGIN_LIMITS.perAddress
    );
  }

  /**
   * A right password: the account's slips from this address are forgiven. `repo` may be bound to
   * the caller's transaction, so that this and what follows commit once.
   */
  async succeeded(email: string, ip: string, repo = this.repo): Promise<void> {
    const { pair, address } = this.keys(email, ip);
    await repo.clearFailures(pair);
    await repo.uncountAttempt(address);
  }
}
