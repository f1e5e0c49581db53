// @vitest-environment node
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { UPLOAD_CHUNK_BYTES } from '@app/contract/web';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type TestServer } from '../../../../../server/src/test/harness.ts';
import type { HttpClient } from '../../../../../server/src/test/http-client.ts';
import { backoffDelay, DEFAULT_RETRY } from './retry.ts';
import { chunkHeaders, UploadError, uploadBlob } from './upload-client.ts';

// The shared fixtures sit beside the repository (../shared), wherever it is checked out.
const FIXTURE = fileURLToPath(
  new URL('../../../../../../../shared/fixtures/media/jolla-phone.jpg', import.meta.url),
);
const FAST = { baseDelayMs: 1, maxDelayMs: 2 };

type Sent = { index: number; headers: Record<string, string>; bytes: number };

/**
 * The real transport to a real server, signed in by cookie, recording every chunk request;
 * `drop(index, attempt)` true makes that try fail as a lost network would, before it is sent.
 */
function transport(
  server: TestServer,
  client: HttpClient,
  drop: (index: number, attempt: number) => boolean,
) {
  const sent: Sent[] = [];
  const tries = new Map<number, number>();
  const fetchFn: typeof fetch = async (input, init = {}) => {
    const headers = { ...(init.headers as Record<string, string>) };
    if (init.method === 'POST') {
      const index = Number(headers['X-Chunk-Index']);
      const attempt = (tries.get(index) ?? 0) + 1;
      tries.set(index, attempt);
      if (drop(index, attempt)) throw new TypeError('Failed to fetch');
      sent.push({ index, headers, bytes: (init.body as Blob).size });
    }
    return fetch(`${server.url}${input}`, {
      ...init,
      headers: { ...headers, cookie: `SESSION=${client.cookie}` },
    });
  };
  return { fetchFn, sent };
}

describe('upload client against the real server', () => {
  let server: TestServer;
  let client: HttpClient;
  let photo: Buffer;
  let blob: Blob;
  beforeAll(async () => {
    server = await startServer();
    client = await server.admin();
    // A real phone photo re-encoded at full quality: several 1 MiB chunks, a JPEG the server accepts.
    photo = await sharp(await fs.readFile(FIXTURE))
      .jpeg({ quality: 100 })
      .toBuffer();
    blob = new Blob([new Uint8Array(photo)], { type: 'image/jpeg' });
  });
  afterAll(async () => server?.close());

  const stored = async (fileKey: string) => {
    const res = await fetch(`${server.url}/apis/api/v1/site-content/temp/${fileKey}`, {
      headers: { cookie: `SESSION=${client.cookie}` },
    });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  test('sends 1 MiB chunks with the spec headers, reports progress, and the server holds the same bytes', async () => {
    const total = Math.ceil(photo.length / UPLOAD_CHUNK_BYTES);
    expect(total).toBeGreaterThanOrEqual(3);
    const { fetchFn, sent } = transport(server, client, () => false);
    const progress: number[] = [];
    const file = await uploadBlob(blob, {
      uploadId: randomUUID(),
      contentType: 'image/jpeg',
      fetch: fetchFn,
      onProgress: (p) => progress.push(p),
    });
    expect(file).toMatchObject({ type: 'IMAGE', mimeType: 'image/jpeg' });
    expect(sent.map((s) => s.index)).toEqual([...Array(total).keys()]);
    for (const s of sent) {
      const start = s.index * UPLOAD_CHUNK_BYTES;
      const end = Math.min(photo.length, start + UPLOAD_CHUNK_BYTES) - 1;
      expect(s.headers).toEqual({
        'Content-Type': 'image/jpeg',
        'Content-Range': `bytes ${start}-${end}/${photo.length}`,
        'X-Chunk-Index': String(s.index),
        'X-Total-Chunks': String(total),
      });
      expect(s.bytes).toBe(end - start + 1);
    }
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect((await stored(file.fileKey)).equals(photo)).toBe(true);
  });

  test('a chunk lost on the way is retried with back-off and reaches the server once', async () => {
    const { fetchFn, sent } = transport(server, client, (index, attempt) => index === 1 && attempt <= 2);
    const retries: [number, number][] = [];
    const file = await uploadBlob(blob, {
      uploadId: randomUUID(),
      contentType: 'image/jpeg',
      fetch: fetchFn,
      retry: FAST,
      onRetry: (attempt, err) => retries.push([attempt, err.status]),
    });
    expect(retries).toEqual([
      [1, 0],
      [2, 0],
    ]);
    expect(sent.filter((s) => s.index === 1)).toHaveLength(1);
    expect((await stored(file.fileKey)).equals(photo)).toBe(true);
  });

  test('when retries run out it fails with the exception message, and a second run resumes from the chunks the server holds', async () => {
    const uploadId = randomUUID();
    const cut = transport(server, client, (index) => index >= 2);
    const failure = await uploadBlob(blob, {
      uploadId,
      contentType: 'image/jpeg',
      fetch: cut.fetchFn,
      retry: { ...FAST, attempts: 3 },
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UploadError);
    expect((failure as UploadError).message).toBe('Failed to fetch');
    expect(cut.sent.map((s) => s.index)).toEqual([0, 1]);

    const again = transport(server, client, () => false);
    const progress: number[] = [];
    const file = await uploadBlob(blob, {
      uploadId,
      contentType: 'image/jpeg',
      fetch: again.fetchFn,
      onProgress: (p) => progress.push(p),
    });
    const total = Math.ceil(photo.length / UPLOAD_CHUNK_BYTES);
    expect(again.sent.map((s) => s.index)).toEqual([...Array(total).keys()].slice(2));
    // It starts from what the server held, not from zero.
    expect(progress[0]).toBe(Math.floor(((2 * UPLOAD_CHUNK_BYTES) / photo.length) * 100));
    expect((await stored(file.fileKey)).equals(photo)).toBe(true);

    // Finished already (e.g. the answer was lost, or a reload): no chunk is sent again.
    const done = transport(server, client, () => false);
    const same = await uploadBlob(blob, { uploadId, contentType: 'image/jpeg', fetch: done.fetchFn });
    expect(same.fileKey).toBe(file.fileKey);
    expect(done.sent).toEqual([]);
  });

  test("a refusal is not retried: the server's Slovak message is the failure", async () => {
    const { fetchFn, sent } = transport(server, client, () => false);
    const text = new Blob(['just some text, not a photo'], { type: 'text/plain' });
    const failure = (await uploadBlob(text, {
      uploadId: randomUUID(),
      contentType: 'text/plain',
      fetch: fetchFn,
      retry: FAST,
    }).catch((e: unknown) => e)) as UploadError;
    expect(failure).toBeInstanceOf(UploadError);
    expect(failure.status).toBe(415);
    expect(failure.retryable).toBe(false);
    expect(failure.message).toMatch(/[áéíóúýčďľňšťž]/);
    expect(sent).toHaveLength(1);
  });
});

describe('upload client pieces', () => {
  test('back-off doubles from the base, is capped, and jitters by at most 20 %', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, DEFAULT_RETRY, mid))).toEqual([
      1000, 2000, 4000, 8000, 15_000, 15_000,
    ]);
    expect(backoffDelay(1, DEFAULT_RETRY, () => 0)).toBe(800);
    expect(backoffDelay(1, DEFAULT_RETRY, () => 1)).toBe(1200);
  });

  test('an empty file is one chunk without a Content-Range', () => {
    expect(chunkHeaders(0, 0, '')).toEqual({
      'Content-Type': 'application/octet-stream',
      'X-Chunk-Index': '0',
      'X-Total-Chunks': '1',
    });
  });

  test('which failures are retried', () => {
    expect([0, 408, 429, 500, 503].every((s) => new UploadError('x', s).retryable)).toBe(true);
    expect([400, 401, 403, 409, 413, 415].some((s) => new UploadError('x', s).retryable)).toBe(false);
  });
});
