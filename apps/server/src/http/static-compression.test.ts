import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test/harness.ts';

const SCRIPT = `console.log(${JSON.stringify('stavebný denník '.repeat(200))});`;

/** The raw answer, bytes as sent (fetch would decode them). */
function rawGet(url: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
          );
        })
        .on('error', reject);
    },
  );
}

/** The web build ships .br and .gz copies of its scripts (apps/web/vite.config.ts): a phone on a slow network gets those. */
describe('precompressed web assets', () => {
  let server: TestServer;
  let webDist: string;
  const file = 'assets/index-abc123.js';
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'sd-dist-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Stavebný denník</title>');
    await fs.writeFile(path.join(webDist, file), SCRIPT);
    await fs.writeFile(path.join(webDist, `${file}.br`), zlib.brotliCompressSync(SCRIPT));
    await fs.writeFile(path.join(webDist, `${file}.gz`), zlib.gzipSync(SCRIPT));
    server = await startServer({}, { webDist });
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('sends brotli, else gzip, else the plain file, always as JavaScript and immutable', async () => {
    const br = await rawGet(`${server.url}/${file}`, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const gz = await rawGet(`${server.url}/${file}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await rawGet(`${server.url}/${file}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
    expect(br.body.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('does not serve the compressed copies under their own names as something else', async () => {
    const res = await rawGet(`${server.url}/${file}.br`);
    // Either refused or sent as the opaque bytes they are, never as a script or the app page.
    if (res.status === 200) expect(res.headers['content-type']).not.toMatch(/javascript|html/);
    else expect(res.status).toBe(404);
  });
});
