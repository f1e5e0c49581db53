import { createHash, type Hash } from 'node:crypto';

type Entry = { hash: Hash; next: number; busy: boolean; broken: boolean };

export type HashTap = {
  /** Feed the chunk's bytes as they stream to storage. */
  update(bytes: Buffer): void;
  /** After the chunk was recorded (true) or not (false: it is taken back out). */
  settle(recorded: boolean, size: number): void;
};

/**
 * The SHA-256 of an upload's chunks, computed while they stream through this instance in order,
 * so completing a large upload needs no second read of the file. Only a cache: a chunk out of
 * order, a restart, a chunk on another instance or a duplicate just means the file is read once
 * more at the end. Bounded: the oldest entries go first.
 */
export class RunningHashes {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly max = 1000) {}

  /** A tap for the chunk starting at byte `start`, or undefined when it does not continue the hash. */
  tap(uploadId: string, start: number): HashTap | undefined {
    let e = this.entries.get(uploadId);
    if (!e && start === 0) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
      e = { hash: createHash('sha256'), next: 0, busy: false, broken: false };
      this.entries.set(uploadId, e);
    }
    if (!e || e.busy || e.broken || e.next !== start) return undefined;
    const entry = e;
    const before = entry.hash.copy();
    entry.busy = true;
    return {
      update: (bytes) => entry.hash.update(bytes),
      settle: (recorded, size) => {
        entry.busy = false;
        if (recorded) entry.next += size;
        else {
          // Its bytes may have been written over a recorded chunk's: trust only a full read now.
          entry.hash = before;
          entry.broken = true;
        }
      },
    };
  }

  /** The digest when every one of `size` bytes went through the hash; forgets the upload either way. */
  take(uploadId: string, size: number): string | undefined {
    const e = this.entries.get(uploadId);
    this.entries.delete(uploadId);
    return e && !e.busy && !e.broken && e.next === size ? e.hash.digest('hex') : undefined;
  }
}
