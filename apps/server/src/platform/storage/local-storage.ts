import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type ByteRange,
  type ListedObject,
  NotFoundInStorage,
  type Storage,
  type StoredObject,
} from './storage.ts';

// Keys are made by the server, but a bug must still never reach outside the root.
const SEGMENT = /^[A-Za-z0-9._-]+$/;
const validKey = (key: string) => key.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');

const WRITE_BATCH_BYTES = 256 * 1024;

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Files on the local disk under one root (DATA_DIR). A write goes to a hidden temporary name in
 * the target's directory, is fsynced, then renamed into place, and the directory is fsynced: after
 * `put` resolves the file survives a crash, and before that nobody sees a partial file.
 */
export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  localPath(key: string): string {
    if (!validKey(key)) throw new Error(`Invalid storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<StoredObject> {
    const target = this.localPath(key);
    const dir = path.dirname(target);
    await fsp.mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`);
    // `flush`: the stream fsyncs the file before closing it, so the rename publishes durable bytes.
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: 'wx', flush: true }));
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
    const stat = await fsp.stat(temp);
    await fsp.rename(temp, target);
    await syncDir(dir);
    return { size: stat.size, modifiedAt: stat.mtimeMs };
  }

  async writeAt(key: string, offset: number, body: Readable): Promise<number> {
    const file = this.localPath(key);
    const dir = path.dirname(file);
    await fsp.mkdir(dir, { recursive: true });
    // Read-write, created when absent, never truncated: other writers may be filling other ranges.
    const handle = await fsp.open(file, fs.constants.O_RDWR | fs.constants.O_CREAT);
    let position = offset;
    try {
      const created = (await handle.stat()).size === 0;
      // Pieces off the socket are small; gathered up to 256 KiB they take a few writes, not dozens.
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        let buffers = pending;
        let left = pendingBytes;
        pending = [];
        pendingBytes = 0;
        while (left > 0) {
          const { bytesWritten } = await handle.writev(buffers, position);
          position += bytesWritten;
          left -= bytesWritten;
          if (left > 0) buffers = [Buffer.concat(buffers).subarray(bytesWritten)];
        }
      };
      for await (const piece of body) {
        pending.push(piece as Buffer);
        pendingBytes += (piece as Buffer).length;
        if (pendingBytes >= WRITE_BATCH_BYTES) await flush();
      }
      await flush();
      // Data, and the size when the file grew: what a crash must not lose.
      await handle.datasync();
      if (created) await syncDir(dir);
    } finally {
      await handle.close();
    }
    return position - offset;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.localPath(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (err) {
      if (isMissing(err)) throw new NotFoundInStorage(key);
      throw err;
    }
    // Opening first, then streaming from the handle: a concurrent delete cannot turn into a 500 midway.
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const s = await fsp.stat(this.localPath(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtimeMs } : undefined;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.localPath(key), { force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.localPath(to);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.rename(this.localPath(from), target);
    } catch (err) {
      if (isMissing(err)) throw new NotFoundInStorage(from);
      throw err;
    }
    await syncDir(path.dirname(target));
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    const base = this.localPath(prefix.replace(/\/+$/, ''));
    yield* walk(base, prefix.replace(/\/+$/, ''));
  }
}

async function* walk(dir: string, keyPrefix: string): AsyncIterable<ListedObject> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return;
    throw err;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const key = `${keyPrefix}/${entry.name}`;
    if (entry.isDirectory()) {
      yield* walk(full, key);
    } else if (entry.isFile()) {
      const s = await fsp.stat(full).catch(() => undefined);
      if (s) yield { key, size: s.size, modifiedAt: s.mtimeMs };
    }
  }
}

/** Makes a rename durable: the directory entry itself must reach the disk. */
async function syncDir(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the data itself is already synced.
  } finally {
    await handle.close();
  }
}
