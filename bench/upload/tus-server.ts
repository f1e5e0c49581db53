import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { serveParent } from '../lib/child.ts';

// The reference resumable-upload server: tus with its file store, as its documentation sets it up.
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sd-bench-tus-'));
const tus = new Server({ path: '/files', datastore: new FileStore({ directory: dir }) });
const server = http.createServer((req, res) => {
  tus.handle(req, res);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;
serveParent(`http://127.0.0.1:${port}`, {}, async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await fs.rm(dir, { recursive: true, force: true });
});
