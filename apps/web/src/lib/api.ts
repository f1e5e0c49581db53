import type { Endpoint, ErrorBody, Route, Routed } from '@app/contract/web';
import type { z } from 'zod';
import { sk } from '../i18n/sk.ts';

type In<S> = S extends z.ZodTypeAny ? z.input<S> : never;

/** What a call of `endpoint` takes: only the parts its contract declares. */
export type ApiInput<E extends Endpoint> = {
  params?: In<E['params']>;
  query?: In<E['query']>;
  body?: In<E['body']>;
  signal?: AbortSignal;
};

/** The parsed success body, e.g. `{data, message?}` or `{message}`. */
export type ApiOutput<E extends Endpoint> = z.output<E['response']>;

/** A failed call: the server's status, stable code and Slovak message (spec: shown to the user). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorBody['details'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let onUnauthorized: () => void = () => {};

/**
 * The session registers what a 401 means (back to sign-in). Public endpoints are exempt: their 401
 * is an answer (wrong credentials), not a lost session.
 */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** The URL of a call: `:name` path parameters filled and encoded, empty query values left out. */
export function buildUrl<E extends Endpoint>(
  endpoint: Routed<E>,
  input: Pick<ApiInput<E>, 'params' | 'query'> = {},
) {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

function encodeBody(endpoint: Route, body: unknown): { body?: BodyInit; type?: string } {
  if (body === undefined) return {};
  if (endpoint.consumes?.includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (value !== undefined && value !== null) form.append(key, String(value));
    }
    return { body: form, type: 'application/x-www-form-urlencoded' };
  }
  return { body: JSON.stringify(body), type: 'application/json' };
}

/**
 * Calls one contract endpoint: fills path parameters, serialises the query and body, sends the
 * session cookie, and resolves with the parsed body or rejects with an ApiError carrying the
 * server's message.
 */
export async function api<E extends Endpoint>(
  endpoint: Routed<E>,
  input: ApiInput<E> = {},
): Promise<ApiOutput<E>> {
  const { body, type } = encodeBody(endpoint, input.body);
  let res: Response;
  try {
    res = await fetch(buildUrl(endpoint, input), {
      method: endpoint.method,
      credentials: 'include',
      headers: { Accept: 'application/json', ...(type ? { 'Content-Type': type } : {}) },
      body,
      signal: input.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', sk.common.networkError);
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const err = (parsed ?? {}) as Partial<ErrorBody>;
    if (res.status === 401 && endpoint.access !== 'public') onUnauthorized();
    throw new ApiError(
      res.status,
      err.code ?? `HTTP_${res.status}`,
      err.message ?? (text || sk.common.unexpectedError),
      err.details,
    );
  }
  return parsed as ApiOutput<E>;
}

/** The server's message of a failed call, or `fallback` when it sent none (spec §8). */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}
