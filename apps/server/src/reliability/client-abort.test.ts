import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT,
  chunksOf,
  fakeMp4,
  type SendOptions,
  sendChunk,
  sha256,
  UPLOAD_URL,
} from '../modules/uploads/upload-test-kit.ts';
import { startServer, type TestServer } from '../test/harness.ts';
import type { HttpClient } from '../test/http-client.ts';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * A phone that loses its connection in the middle of a chunk: the server keeps running, keeps
 * nothing of the broken chunk, and the resent chunk completes the file byte for byte. (A cut before
 * storage began reading the body used to end the process: an 'error' event nobody listened to.)
 */
describe('a client that drops the connection mid-chunk', () => {
  let server: TestServer;
  let user: HttpClient;
  beforeAll(async () => {
    server = await startServer({ FFMPEG_PATH: 'off' });
    user = (await (await server.admin()).createUser(['ADD_PHOTOS'])).client;
  });
  afterAll(() => server?.close());

  /** Sends the headers and `part` bytes of a chunk, then cuts the connection. */
  async function sendBroken(
    chunk: ReturnType<typeof chunksOf>[number],
    o: SendOptions,
    part: number,
    wait: number,
  ) {
    const req = http.request(new URL(`${UPLOAD_URL}?uploadId=${o.uploadId}`, server.url), {
      method: 'POST',
      headers: {
        cookie: `SESSION=${user.cookie}`,
        'content-type': 'video/mp4',
        'content-length': String(chunk.body.length),
        'x-chunk-index': String(chunk.index),
        'x-total-chunks': String(o.total),
        ...(o.range === false ? {} : { 'content-range': `bytes ${chunk.start}-${chunk.end}/${o.fileSize}` }),
      },
    });
    const ended = new Promise((resolve) => {
      req.on('error', resolve);
      req.on('response', resolve);
    });
    // Cut at once (the server may not be reading the body yet) or once the bytes are out.
    req.write(chunk.body.subarray(0, part), () => setTimeout(() => req.destroy(), wait));
    await ended;
  }

  it.each([
    ['into the part file (with Content-Range)', true],
    ['into a chunk object (without)', false],
  ])('survives a chunk cut off on its way %s and completes on the resend', async (_name, range) => {
    const file = fakeMp4(3 * MiB + 5, range ? 31 : 32);
    const chunks = chunksOf(file);
    const o: SendOptions = {
      uploadId: `client-abort-${range}`,
      total: chunks.length,
      fileSize: file.length,
      range,
    };
    expect((await sendChunk(user, chunks[0] as (typeof chunks)[number], o)).status).toBe(206);
    for (const part of [1, 64 * KiB, 700 * KiB]) {
      for (const wait of [0, 20]) await sendBroken(chunks[1] as (typeof chunks)[number], o, part, wait);
    }
    expect((await user.get('/apis/auth-check')).status).toBe(200);
    expect((await user.get(`${CONTENT}/upload/${o.uploadId}`)).body.data.chunks).toEqual([0]);
    let last = await sendChunk(user, chunks[1] as (typeof chunks)[number], o);
    for (const c of chunks.slice(2)) last = await sendChunk(user, c, o);
    expect(last.status, last.text).toBe(200);
    const row = await server.app.ctx.db.kysely
      .selectFrom('temp_files')
      .select('sha256')
      .where('file_key', '=', last.body.data.fileKey)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(sha256(file));
  });
});
