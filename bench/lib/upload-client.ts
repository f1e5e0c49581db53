import { randomBytes, randomUUID } from 'node:crypto';

export const MiB = 1024 * 1024;

// The file: an MP4 by its first bytes (ftyp, then one `free` box over the rest), random filler —
// accepted by our type check, nothing for ffmpeg to decode. Every server gets the same bytes.
const filler = randomBytes(MiB);
/** Chunk `i` (1 MiB) of a file of `size` bytes. */
export function chunk(i: number, size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(MiB);
  bytes.set(filler);
  const c = Buffer.from(bytes.buffer, 0, MiB);
  c.writeUInt32BE(i, 64);
  if (i === 0) {
    Buffer.from([0, 0, 0, 24]).copy(c, 0);
    Buffer.from('ftypisom').copy(c, 4);
    Buffer.from([0, 0, 2, 0]).copy(c, 12);
    Buffer.from('isommp41').copy(c, 16);
    c.writeUInt32BE(size - 24, 24);
    c.write('free', 28);
  }
  return bytes;
}

/**
 * Our protocol, `inFlight` chunks at a time (1: one after another, as the web app sends them;
 * more: what the protocol allows, since chunks may arrive in any order).
 */
export async function ours(url: string, cookie: string, size: number, inFlight = 1): Promise<void> {
  const uploadId = randomUUID();
  const n = size / MiB;
  let next = 0;
  let completed = 0;
  const send = async (i: number) => {
    const res = await fetch(
      `${url}/apis/api/v1/site-content/upload?uploadId=${uploadId}&contentType=video/mp4`,
      {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'video/mp4',
          'x-chunk-index': String(i),
          'x-total-chunks': String(n),
          'content-range': `bytes ${i * MiB}-${(i + 1) * MiB - 1}/${size}`,
        },
        body: chunk(i, size),
      },
    );
    if (res.status === 200) completed += 1;
    else if (res.status !== 206) throw new Error(`our chunk ${i}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  const lane = async () => {
    while (next < n) await send(next++);
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  if (completed === 0) throw new Error('our upload never completed');
}
