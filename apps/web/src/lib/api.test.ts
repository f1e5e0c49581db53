import { authEndpoints, userEndpoints } from '@app/contract/web';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, api, buildUrl, setUnauthorizedHandler } from './api.ts';
import { isSlowConnection, swrDefaults } from './swr.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

const reply = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('api client', () => {
  test('fills and encodes path parameters and leaves empty query values out', () => {
    expect(buildUrl(userEndpoints.detail, { params: { id: 7 } })).toBe('/apis/api/v1/user/detail/7');
    expect(buildUrl(authEndpoints.completeReset, { params: { code: 'a/b c' } })).toBe(
      '/apis/reset-password/a%2Fb%20c',
    );
    expect(buildUrl(userEndpoints.table, { query: { page: 0, size: 10, search: '' } })).toBe(
      '/apis/api/v1/user/table?page=0&size=10',
    );
  });

  test('sign-in is form-encoded with credentials; JSON elsewhere', async () => {
    const fetch = reply(200, { data: { id: 1 } });
    vi.stubGlobal('fetch', fetch);
    await api(authEndpoints.authenticate, {
      body: { username: 'a@b.sk', password: 'x', 'remember-me': 'on' },
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/apis/authenticate');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(String(init.body)).toBe('username=a%40b.sk&password=x&remember-me=on');

    await api(authEndpoints.requestReset, { body: { value: 'a@b.sk' } });
    const [, json] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(json.body).toBe('{"value":"a@b.sk"}');
  });

  test("errors carry the server's status, code and message; a 401 of a signed-in call ends the session", async () => {
    const lost = vi.fn();
    setUnauthorizedHandler(lost);
    vi.stubGlobal(
      'fetch',
      reply(409, { message: 'Používateľ s týmto e-mailom už existuje', code: 'EMAIL_TAKEN' }),
    );
    const err = await api(userEndpoints.create, {
      body: { firstName: 'a', lastName: 'b', email: 'c@d.sk' },
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.message]).toEqual([
      409,
      'EMAIL_TAKEN',
      'Používateľ s týmto e-mailom už existuje',
    ]);
    expect(lost).not.toHaveBeenCalled();

    vi.stubGlobal('fetch', reply(401, { message: 'Nie ste prihlásený', code: 'UNAUTHORIZED' }));
    await expect(api(userEndpoints.table, { query: {} })).rejects.toBeInstanceOf(ApiError);
    expect(lost).toHaveBeenCalledTimes(1);
    // A wrong password is an answer, not a lost session.
    await expect(
      api(authEndpoints.authenticate, { body: { username: 'a', password: 'b' } }),
    ).rejects.toThrow();
    expect(lost).toHaveBeenCalledTimes(1);
  });

  test('an unreachable server gives a Slovak network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api(authEndpoints.authCheck)).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});

describe('SWR cache defaults (spec §9)', () => {
  test('dedupe 2 s, focus throttle 5 s, retry 5 s and loading timeout 3 s; 10 s and 5 s when slow', () => {
    expect(swrDefaults(false)).toMatchObject({
      dedupingInterval: 2000,
      focusThrottleInterval: 5000,
      errorRetryInterval: 5000,
      loadingTimeout: 3000,
    });
    expect(swrDefaults(true)).toMatchObject({ errorRetryInterval: 10_000, loadingTimeout: 5000 });
    expect(isSlowConnection({ connection: { effectiveType: '2g' } })).toBe(true);
    expect(isSlowConnection({ connection: { effectiveType: '4g', saveData: true } })).toBe(true);
    expect(isSlowConnection({ connection: { effectiveType: '4g' } })).toBe(false);
    expect(isSlowConnection({})).toBe(false);
  });
});
