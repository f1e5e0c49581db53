import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readZip } from '../modules/exports/testing/export-kit.ts';
import { CONTENT, sha256, uploadOk } from '../modules/uploads/upload-test-kit.ts';
import type { HttpClient } from '../test/http-client.ts';

export type Item = { id: number; sha256: string };

/** A site made through the API by an admin. */
export async function createSite(admin: HttpClient, code: string): Promise<number> {
  const res = await admin.post('/apis/api/v1/site/create', {
    name: `Stavba ${code}`,
    code,
    lat: 48.1,
    lng: 17.1,
  });
  if (res.status !== 200) throw new Error(`site: ${res.status} ${res.text}`);
  return res.body.data.id as number;
}

/** Uploads `file` and assigns it to `siteId`, the way the web app does: a gallery item. */
export async function addToGallery(client: HttpClient, siteId: number, file: Buffer): Promise<Item> {
  const fileKey = await uploadOk(client, file);
  const res = await client.post(`${CONTENT}/assign-temp-file`, { siteId, fileKey });
  if (res.status !== 200) throw new Error(`assign: ${res.status} ${res.text}`);
  return { id: res.body.data.id as number, sha256: sha256(file) };
}

/** Queues an export of one site and answers its id (the caller's newest). */
export async function requestExport(client: HttpClient, siteId: number): Promise<number> {
  const res = await client.get(`${CONTENT}/export`, { query: { siteId } });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${res.text}`);
  const list = await client.get(`${CONTENT}/exports`, { query: { page: 0, size: 1 } });
  return list.body.data.content[0].id as number;
}

/** The export's row as its owner sees it in the list. */
export async function exportStatus(
  client: HttpClient,
  id: number,
): Promise<{ status: string; message: string }> {
  const list = await client.get(`${CONTENT}/exports`, { query: { page: 0, size: 50 } });
  const row = list.body.data.content.find((r: { id: number }) => r.id === id);
  return { status: row?.status.id, message: row?.message };
}

/** Downloads a finished export over HTTP and answers the SHA-256 of every entry, sorted. */
export async function zipContents(client: HttpClient, id: number): Promise<string[]> {
  const res = await fetch(new URL(`${CONTENT}/exports/${id}/download`, client.baseUrl), {
    headers: { cookie: `SESSION=${client.cookie}` },
  });
  if (res.status !== 200) throw new Error(`download: ${res.status} ${await res.text()}`);
  const file = path.join(os.tmpdir(), `sd-rel-${randomBytes(6).toString('hex')}.zip`);
  await fs.writeFile(file, new Uint8Array(await res.arrayBuffer()));
  try {
    return [...(await readZip(file)).values()].map((e) => e.sha256).sort();
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** SHA-256 of a file on disk, read whole (test files are a few MiB). */
export async function sha256OfFile(file: string): Promise<string> {
  return sha256(new Uint8Array(await fs.readFile(file)));
}
