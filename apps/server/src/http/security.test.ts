import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startServer, type TestServer } from '../test/harness.ts';
import type { HttpClient } from '../test/http-client.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const CROSS_SITE: Record<string, string>[] = [
  { origin: 'http://evil.example' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
  { origin: 'null' },
];

describe('cross-site requests, cookies and security headers', () => {
  let server: TestServer;
  let admin: HttpClient;
  beforeAll(async () => {
    server = await startServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('refuses a cross-site sign-in (403 CROSS_SITE) and sets no cookie', async () => {
    for (const headers of CROSS_SITE) {
      const client = server.client();
      const res = await client.request('POST', '/apis/authenticate', {
        form: { username: ADMIN.email, password: ADMIN.password },
        headers,
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.code).toBe('CROSS_SITE');
      expect(res.body.message).toBe('Požiadavka z inej stránky bola odmietnutá');
      expect(client.cookie).toBeUndefined();
    }
  });

  it('allows same-origin requests: matching Origin, Sec-Fetch-Site same-origin or none, or no header', async () => {
    const origin = new URL(server.url).origin;
    const sameOrigin: Record<string, string>[] = [
      { origin, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: 'http://localhost:0' }, // PUBLIC_URL's origin
      {},
    ];
    for (const headers of sameOrigin) {
      const client = server.client();
      const res = await client.request('POST', '/apis/authenticate', {
        form: { username: ADMIN.email, password: ADMIN.password },
        headers,
      });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('refuses every state-changing route cross-site, even for an admin, and changes nothing', async () => {
    const victim = await admin.createUser(['ADD_PHOTOS']);
    const changing = server.app.routeTable.filter(
      (r) => r.url.startsWith('/apis') && (!SAFE.has(r.method) || r.sameOriginOnly),
    );
    expect(changing.length).toBeGreaterThan(5);
    for (const r of changing) {
      const url = r.url.replace(/:[^/]+/g, String(victim.id));
      for (const headers of CROSS_SITE.slice(0, 2)) {
        const hasBody = !SAFE.has(r.method);
        const res = await admin.request(r.method, url, {
          headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
          body: hasBody ? '{}' : undefined,
        });
        expect(res.status, `${r.method} ${r.url} ${JSON.stringify(headers)}`).toBe(403);
        if (r.method !== 'HEAD') expect(res.body?.code, `${r.method} ${r.url}`).toBe('CROSS_SITE');
      }
    }
    expect((await admin.get(`/apis/api/v1/user/detail/${victim.id}`)).body.data.active).toBe(true);
    expect((await victim.client.get('/apis/auth-check')).status).toBe(200);
    expect((await admin.get('/apis/auth-check')).status).toBe(200);
  });

  it('lets plain cross-site GETs of data through to the usual checks (SameSite=Lax does the rest)', async () => {
    const res = await admin.get('/apis/auth-check', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });

  it('sets security headers: CSP of self and OpenStreetMap tiles only, nosniff, Referrer-Policy, no version', async () => {
    for (const res of [await admin.get('/apis/auth-check'), await server.client().get('/apis/auth-check')]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name = '', ...sources] = d.trim().split(/\s+/);
          return [name, sources] as const;
        }),
      );
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('connect-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('img-src')).toContain('https://tile.openstreetmap.org');
      const outside = [...directives.values()].flat().filter((s) => /^https?:/.test(s));
      expect(
        outside.every((s) => /^https:\/\/(\*\.)?tile\.openstreetmap\.org$/.test(s)),
        outside.join(),
      ).toBe(true);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('server')).toBeNull();
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('behind an https PUBLIC_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: 'https://stavba.example.sk' });
  });
  afterAll(() => server.close());

  it('marks the session cookie Secure (and still HttpOnly, SameSite=Lax) and sends HSTS', async () => {
    const res = await server.client().signIn(ADMIN.email, ADMIN.password);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('SESSION=')) ?? '';
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('accepts requests whose Origin is the PUBLIC_URL', async () => {
    const res = await server.client().request('POST', '/apis/authenticate', {
      form: { username: ADMIN.email, password: ADMIN.password },
      headers: { origin: 'https://stavba.example.sk' },
    });
    expect(res.status).toBe(200);
  });
});
