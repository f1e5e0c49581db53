import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './storage.ts';

/**
 * Runs `fn` with a path on the local disk holding the bytes of `key`, for tools that only read
 * files (sharp, exifr, ffmpeg, heif-convert). Local storage hands out the stored file itself;
 * another storage gets a scratch copy, removed afterwards.
 */
export async function withLocalFile<T>(
  storage: Storage,
  key: string,
  fn: (file: string) => Promise<T>,
): Promise<T> {
  if (storage.localPath) return fn(storage.localPath(key));
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sd-file-'));
  try {
    const file = path.join(dir, path.basename(key));
    await pipeline(await storage.get(key), fs.createWriteStream(file));
    return await fn(file);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
