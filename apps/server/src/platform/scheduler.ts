import type { FastifyBaseLogger } from 'fastify';

/**
 * Periodic background work (clean-ups, job polling) of one app instance. Runs never overlap
 * themselves, failures are logged, and everything stops when the app closes.
 */
export class Scheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  every(
    name: string,
    intervalMs: number,
    task: () => Promise<unknown>,
    opts: { runAtStart?: boolean } = {},
  ): void {
    let running = false;
    const run = async () => {
      if (running || this.stopped) return;
      running = true;
      try {
        await task();
      } catch (err) {
        this.log.error({ err, task: name }, 'Scheduled task failed');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(run, intervalMs);
    timer.unref();
    this.timers.push(timer);
    if (opts.runAtStart) setImmediate(run);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
  }
}
