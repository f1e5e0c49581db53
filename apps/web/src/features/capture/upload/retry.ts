/** A failed upload call: `status` 0 when no answer came (network down). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }

  /** No answer, the server's own trouble, a timeout or a throttle may pass; a refusal will not. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

export type RetryPolicy = {
  /** Tries of one call in all, the first included. */
  attempts: number;
  /** The first wait; it doubles with every further failure up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** While the device says it is offline, a retry waits for the network up to this long. */
  offlineWaitMs: number;
};

// Six tries over about half a minute, longer while the device is offline: crews lose signal.
export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 6,
  baseDelayMs: 1000,
  maxDelayMs: 15_000,
  offlineWaitMs: 60_000,
};

/** The wait before retry number `attempt` (1-based): doubling, capped, with ±20 % jitter. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random = Math.random): number {
  const plain = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(plain * (0.8 + 0.4 * random()));
}

/** Runs `op`, retrying retryable UploadErrors with back-off; rejects with the last error. */
export async function retrying<T>(
  op: () => Promise<T>,
  partial: Partial<RetryPolicy> | undefined,
  signal: AbortSignal | undefined,
  onRetry?: (attempt: number, error: UploadError) => void,
): Promise<T> {
  const policy = { ...DEFAULT_RETRY, ...partial };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await op();
    } catch (err) {
      if (!(err instanceof UploadError) || !err.retryable || attempt >= policy.attempts) throw err;
      onRetry?.(attempt, err);
      await wait(backoffDelay(attempt, policy), signal);
      if (isOffline()) await waitForOnline(policy.offlineWaitMs, signal);
    }
  }
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function abortError(): Error {
  return new DOMException('The upload was cancelled', 'AbortError');
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(abortError());
    }
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** Resolves when the browser reports the network back, or after `ms` (then the next try decides). */
function waitForOnline(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const finish = (fn: () => void) => {
      clearTimeout(timer);
      window.removeEventListener('online', online);
      signal?.removeEventListener('abort', stop);
      fn();
    };
    const online = () => finish(resolve);
    const stop = () => finish(() => reject(abortError()));
    const timer = setTimeout(online, ms);
    window.addEventListener('online', online);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
