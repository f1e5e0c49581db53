import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { serveParent } from '../lib/child.ts';

/**
 * The floor: one request whose body streams straight into a file, fsynced before the answer (as
 * our storage does), nothing else — no protocol, no database, no checks.
 */
const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sd-bench-raw-'));
let seq = 0;
const server = http.createServer((req, res) => {
  seq += 1;
  const file = path.join(dir, `upload-${seq}`);
  pipeline(req, fs.createWriteStream(file, { flush: true }))
    .then(() => fsp.stat(file))
    .then((s) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ size: s.size }));
      return fsp.rm(file);
    })
    .catch((err) => res.writeHead(500).end(String(err)));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;
serveParent(`http://127.0.0.1:${port}`, {}, async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await fsp.rm(dir, { recursive: true, force: true });
});
