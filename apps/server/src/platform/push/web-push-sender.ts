import webpush from 'web-push';

export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

/** Where one browser receives pushes: its push-service URL and its RFC 8291 keys. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushOutcome =
  /** The push service accepted the message (2xx). */
  | { kind: 'delivered'; status: number }
  /** The subscription is dead (404, 410) or unusable (malformed keys): forget it. */
  | { kind: 'gone'; status?: number; reason: string }
  /** Worth trying again later (429, 5xx, 408, network error, timeout). */
  | { kind: 'retry'; status?: number; retryAfterMs?: number; reason: string }
  /** Refused for good (other 4xx such as 400, 403, 413): retrying cannot help. */
  | { kind: 'rejected'; status: number; reason: string }
  /** Cancelled by the caller (shutting down): the outcome is unknown. */
  | { kind: 'aborted' };

export type SendOptions = { ttlSeconds: number; timeoutMs: number; signal?: AbortSignal };

/**
 * One Web Push message. `web-push` encrypts (aes128gcm) and signs (VAPID); the request itself goes
 * through fetch, which gives a hard timeout, the Retry-After header, and works against the plain
 * HTTP stand-in push service of the tests (web-push's own sender speaks https only).
 */
export async function sendWebPush(
  target: PushTarget,
  payload: string,
  vapid: VapidDetails,
  opts: SendOptions,
): Promise<PushOutcome> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      { vapidDetails: vapid, TTL: opts.ttlSeconds, contentEncoding: 'aes128gcm', urgency: 'normal' },
    );
  } catch (err) {
    return { kind: 'gone', reason: `cannot encrypt for this subscription: ${(err as Error).message}` };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch sets Content-Length from the body itself.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  let res: Response;
  try {
    res = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: opts.signal
        ? AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs)])
        : AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    if (opts.signal?.aborted) return { kind: 'aborted' };
    const e = err as Error;
    const reason = e.name === 'TimeoutError' ? `no answer within ${opts.timeoutMs} ms` : e.message;
    return { kind: 'retry', reason };
  }
  const text = await res.text().catch(() => '');
  if (opts.signal?.aborted && res.status >= 300) return { kind: 'aborted' };
  const status = res.status;
  if (status >= 200 && status < 300) return { kind: 'delivered', status };
  const reason = `push service answered ${status}${text ? `: ${text.slice(0, 200)}` : ''}`;
  if (status === 404 || status === 410) return { kind: 'gone', status, reason };
  if (status === 429 || status === 408 || status >= 500) {
    return { kind: 'retry', status, retryAfterMs: parseRetryAfter(res.headers.get('retry-after')), reason };
  }
  return { kind: 'rejected', status, reason };
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export const generateVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys();

/** Throws with a readable message when the keys or the subject are not usable for VAPID. */
export function checkVapidDetails(vapid: VapidDetails): void {
  webpush.getVapidHeaders(
    'https://push.example',
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    'aes128gcm',
  );
}
