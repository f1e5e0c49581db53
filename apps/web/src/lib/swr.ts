import type { Endpoint, Route, Routed } from '@app/contract/web';
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import { type ApiInput, type ApiOutput, api, buildUrl } from './api.ts';

type NetworkInformation = { effectiveType?: string; saveData?: boolean };

/** Slow means 2G or data saver, as SWR itself decides it. */
export function isSlowConnection(nav: { connection?: NetworkInformation } | undefined): boolean {
  const c = nav?.connection;
  return !!c && (c.effectiveType === 'slow-2g' || c.effectiveType === '2g' || c.saveData === true);
}

/** Spec §9 cache defaults: dedupe 2 s, focus throttle 5 s, retry 5 s / 10 s, loading timeout 3 s / 5 s. */
export function swrDefaults(slow: boolean): SWRConfiguration {
  return {
    dedupingInterval: 2000,
    focusThrottleInterval: 5000,
    errorRetryInterval: slow ? 10_000 : 5000,
    loadingTimeout: slow ? 5000 : 3000,
    // A 4xx will not heal by asking again; retry only what may be transient.
    onErrorRetry(err, _key, config, revalidate, { retryCount }) {
      const status = (err as { status?: number }).status ?? 0;
      if ((status >= 400 && status < 500) || retryCount >= 5) return;
      setTimeout(() => revalidate({ retryCount }), config.errorRetryInterval);
    },
  };
}

/**
 * Cached GET of a contract endpoint. The key is the call's URL, so two screens asking the same
 * thing share one request; `null` input skips the call.
 */
export function useApi<E extends Endpoint>(
  endpoint: Routed<E>,
  input: Omit<ApiInput<E>, 'body' | 'signal'> | null,
  config?: SWRConfiguration<ApiOutput<E>>,
) {
  const key = input === null ? null : buildUrl(endpoint, input);
  return useSWR<ApiOutput<E>>(key, () => api(endpoint, input ?? {}), config);
}

/** Re-fetches every cached call of an endpoint (any params or query), e.g. a table after a save. */
export function revalidate(endpoint: Route): Promise<unknown> {
  const base = endpoint.path.split('/:')[0] ?? endpoint.path;
  return mutate((key) => typeof key === 'string' && key.startsWith(base));
}
