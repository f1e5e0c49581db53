import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test/harness.ts';

const INDEX = '<!doctype html><title>Stavebný denník</title><div id="root"></div>';

describe('serving the built web app', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'sd-dist-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
    await fs.writeFile(path.join(webDist, 'sw.js'), 'self.addEventListener("push", () => {});');
    await fs.writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
    server = await startServer({}, { webDist });
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('serves index.html at / and for any app route (SPA fallback), never cached', async () => {
    for (const url of [
      '/',
      '/administration/users',
      '/verification?code=abc',
      '/change-forgotten-password',
    ]) {
      const res = await server.client().get(url);
      expect(res.status, url).toBe(200);
      expect(res.text, url).toBe(INDEX);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
    }
  });

  it('serves /sw.js uncached and hashed assets as immutable', async () => {
    const sw = await server.client().get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const asset = await server.client().get('/assets/index-abc123.js');
    expect(asset.text).toBe('console.log("app")');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths and non-GET requests as JSON 404s', async () => {
    const api = await server.client().get('/apis/api/v1/neexistuje');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: 'Adresa neexistuje', code: 'NOT_FOUND' });
    const post = await server.client().post('/administration/users', {});
    expect(post.status).toBe(404);
    expect(post.body.code).toBe('NOT_FOUND');
  });

  it('answers 404 for a missing asset or file instead of the app page', async () => {
    for (const url of ['/assets/index-gone.js', '/assets/style-old.css', '/icon-missing.png', '/x.js?v=1']) {
      const res = await server.client().get(url);
      expect(res.status, url).toBe(404);
      expect(res.text, url).not.toBe(INDEX);
    }
  });

  it('does not serve files outside the web app folder', async () => {
    for (const url of ['/../package.json', '/assets/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await server.client().get(url);
      expect(res.text, url).not.toContain('"workspaces"');
      expect(res.text, url).not.toContain('root:');
    }
  });
});
