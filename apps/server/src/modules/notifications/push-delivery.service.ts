import { randomUUID } from 'node:crypto';
import type { PushPayload } from '@app/contract';
import type { AppContext } from '../../context.ts';
import {
  type PushOutcome,
  type PushTarget,
  type SendOptions,
  sendWebPush,
  type VapidDetails,
} from '../../platform/push/web-push-sender.ts';
import type { OutboxItem, PushRepository } from './push.repository.ts';

export const PUSH_POLICY = {
  /** How long a push service keeps an undelivered message; older outbox rows are dropped. */
  ttlSeconds: 24 * 3600,
  timeoutMs: 10_000,
  /** Attempts in all, the first included, before a push on a failing service is given up. */
  maxAttempts: 5,
  /** Back-off after the n-th failure: base × 2^(n-1), at most `maxDelayMs` (Retry-After too). */
  baseDelayMs: 30_000,
  maxDelayMs: 3600_000,
  batchSize: 50,
  concurrency: 8,
  /** Longer than a send can take, so a lease only runs out when its instance died. */
  leaseMs: 120_000,
  pollIntervalMs: 2_000,
};

export type Sender = (
  target: PushTarget,
  payload: string,
  vapid: VapidDetails,
  opts: SendOptions,
) => Promise<PushOutcome>;

/**
 * Sends the push outbox, off every request path: polled by the scheduler and nudged after each
 * assignment. Runs of one instance never overlap; several instances share the rows by lease.
 */
export class PushDeliveryService {
  private current: Promise<number> | null = null;
  private queued: Promise<number> | null = null;
  private readonly closing = new AbortController();

  constructor(
    private readonly ctx: AppContext,
    private readonly repo: PushRepository,
    private readonly vapid: VapidDetails,
    private readonly send: Sender = sendWebPush,
    private readonly policy = PUSH_POLICY,
  ) {}

  /**
   * Sends everything due now; resolves with how many pushes were handled. A call during a run
   * waits for it and then runs once more, so whatever was due when it was called is handled.
   */
  drain(): Promise<number> {
    if (this.closing.signal.aborted) return Promise.resolve(0);
    if (!this.current) {
      this.current = this.run().finally(() => {
        this.current = null;
      });
      return this.current;
    }
    this.queued ??= this.current.then(
      () => this.next(),
      () => this.next(),
    );
    return this.queued;
  }

  /** Start a run without waiting for it (after an assignment). */
  kick(): void {
    this.drain().catch((err) => this.ctx.log.error({ err }, 'Push delivery failed'));
  }

  /**
   * Stops sending (app shutdown): pushes in flight are cancelled and their rows stay leased, so
   * whichever instance runs next sends them once the lease ends, as after a crash.
   */
  async close(): Promise<void> {
    this.closing.abort();
    await Promise.allSettled([this.current, this.queued]);
  }

  private next(): Promise<number> {
    this.queued = null;
    return this.drain();
  }

  private async run(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await this.repo.claimDue(
        randomUUID(),
        this.ctx.clock.now(),
        this.policy.leaseMs,
        this.policy.batchSize,
      );
      await forEachLimited(batch, this.policy.concurrency, (item) => this.deliver(item));
      handled += batch.length;
      if (batch.length < this.policy.batchSize || this.closing.signal.aborted) return handled;
    }
  }

  private async deliver(item: OutboxItem): Promise<void> {
    const log = this.ctx.log.child({ outboxId: item.id, subscriptionId: item.subscriptionId });
    const age = this.ctx.clock.now() - item.createdAt;
    if (!item.stillWanted || age >= this.policy.ttlSeconds * 1000) {
      await this.repo.deleteOutbox(item.id);
      return;
    }
    const payload: PushPayload = { title: item.title, body: item.body, url: item.url };
    const outcome = await this.send(item, JSON.stringify(payload), this.vapid, {
      ttlSeconds: Math.max(1, Math.floor(this.policy.ttlSeconds - age / 1000)),
      timeoutMs: this.policy.timeoutMs,
      signal: this.closing.signal,
    });
    switch (outcome.kind) {
      case 'aborted':
        return;
      case 'delivered':
        await this.repo.deleteOutbox(item.id);
        return;
      case 'gone':
        log.info({ reason: outcome.reason }, 'Push subscription is gone; removed');
        await this.repo.deleteSubscriptionById(item.subscriptionId);
        return;
      case 'rejected':
        log.warn({ reason: outcome.reason }, 'Push refused; not retried');
        await this.repo.deleteOutbox(item.id);
        return;
      case 'retry': {
        const attempts = item.attempts + 1;
        if (attempts >= this.policy.maxAttempts) {
          log.warn({ reason: outcome.reason, attempts }, 'Push given up');
          await this.repo.deleteOutbox(item.id);
          return;
        }
        const backoff = this.policy.baseDelayMs * 2 ** (attempts - 1);
        const delay = Math.min(this.policy.maxDelayMs, Math.max(backoff, outcome.retryAfterMs ?? 0));
        log.info({ reason: outcome.reason, attempts, delay }, 'Push will be retried');
        await this.repo.reschedule(item.id, attempts, this.ctx.clock.now() + delay);
      }
    }
  }
}

async function forEachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
