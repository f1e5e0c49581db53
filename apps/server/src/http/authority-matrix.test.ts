import * as contract from '@app/contract';
import { type Access, AUTHORITIES, type Authority, type Endpoint } from '@app/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import type { SessionsService } from '../modules/auth/sessions.service.ts';
import { startServer } from '../test/harness.ts';
import type { HttpClient, HttpResponse } from '../test/http-client.ts';
import { type RouteEntry, registerAuthHooks } from './auth-hooks.ts';

/**
 * Every route of the LIVE app × every kind of caller. The routes come from the app's own route
 * table, so a route any module adds later is covered without touching this file.
 */
const server = await startServer();
const routes: RouteEntry[] = server.app.routeTable.filter((r) => r.url.startsWith('/apis'));

type Caller = { name: string; authorities: Authority[] | null; admin: boolean; userId?: number };
const callers: Caller[] = [
  { name: 'signed out', authorities: null, admin: false },
  { name: 'no authority', authorities: [], admin: false },
  ...AUTHORITIES.map((a) => ({ name: a, authorities: [a], admin: false })),
  { name: 'admin', authorities: [...AUTHORITIES], admin: true },
];

const permits = (access: Access, caller: Caller): boolean => {
  if (access === 'public') return true;
  if (caller.authorities === null) return false;
  if (access === 'signedIn' || caller.admin) return true;
  return access.some((a) => caller.authorities?.includes(a));
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A minimal request: `1` for every path parameter, an empty JSON object as any body. */
async function call(client: HttpClient, r: RouteEntry): Promise<HttpResponse> {
  const url = r.url.replace(/:[^/]+/g, '1').replace(/\*/g, '1');
  const hasBody = !SAFE.has(r.method);
  return client.request(r.method, url, {
    ...(hasBody && { body: '{}', headers: { 'content-type': 'application/json' } }),
  });
}

describe('authority matrix', () => {
  beforeAll(async () => {
    const admin = await server.admin();
    for (const c of callers) {
      if (c.authorities === null) continue;
      if (c.admin) {
        c.userId = (await admin.get('/apis/auth-check')).body.data.id;
      } else {
        c.userId = (await admin.createUser(c.authorities)).id;
      }
    }
  });
  afterAll(() => server.close());

  it('sees the routes of every module, each with an access rule', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('POST /apis/authenticate');
    expect(urls).toContain('GET /apis/api/v1/user/table');
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('registers every endpoint of the contract with the contract’s access rule', () => {
    const isEndpoint = (e: unknown): e is Endpoint =>
      typeof e === 'object' && e !== null && 'method' in e && 'path' in e && 'access' in e;
    const endpoints = Object.values(contract as Record<string, unknown>)
      .filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
      .flatMap((group) => Object.values(group as Record<string, unknown>))
      .filter(isEndpoint);
    expect(endpoints.length).toBeGreaterThanOrEqual(17);
    for (const e of endpoints) {
      const live = routes.find((r) => r.method === e.method && r.url === e.path);
      expect(live, `${e.method} ${e.path} is in the contract but not served`).toBeDefined();
      expect(live?.access, `${e.method} ${e.path}`).toEqual(e.access);
    }
  });

  it('refuses to start an app with an API route that declares no access rule', async () => {
    const app = Fastify();
    registerAuthHooks(app, { publicUrl: 'http://localhost' } as Config, {} as SessionsService);
    expect(() => app.get('/apis/api/v1/forgotten', async () => ({}))).toThrow(/declares no access rule/);
    await app.close();
  });

  for (const r of routes) {
    it(`${r.method} ${r.url} (${typeof r.access === 'string' ? r.access : r.access?.join('|')})`, async () => {
      const access = r.access as Access;
      const results = await Promise.all(
        callers.map(async (c) => {
          const client = c.userId === undefined ? server.client() : await server.sessionFor(c.userId);
          return { caller: c, res: await call(client, r) };
        }),
      );
      for (const { caller, res } of results) {
        const what = `${r.method} ${r.url} as ${caller.name}: ${res.status} ${res.text.slice(0, 200)}`;
        const code = r.method === 'HEAD' ? undefined : res.body?.code;
        if (permits(access, caller)) {
          expect(res.status, what).not.toBe(401);
          expect(res.status, what).toBeLessThan(500);
          if (r.method === 'HEAD') expect(res.status, what).not.toBe(403);
          else expect(code, what).not.toBe('FORBIDDEN');
        } else if (caller.authorities === null) {
          expect(res.status, what).toBe(401);
          if (code !== undefined) expect(code, what).toBe('UNAUTHORIZED');
        } else {
          expect(res.status, what).toBe(403);
          if (r.method !== 'HEAD') expect(code, what).toBe('FORBIDDEN');
        }
      }
    });
  }
});
