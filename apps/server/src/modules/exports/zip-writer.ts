import { createRequire } from 'node:module';
import { type Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import yazl from 'yazl';

/*
 * yazl computes every entry's CRC-32 with the pure-JavaScript `buffer-crc32` (≈450 MB/s here),
 * which would cap export throughput below plain `zip -0`. zlib's native crc32 (Node ≥ 20.15) gives
 * the same numbers at ≈5 GB/s, so yazl's instance of that module is pointed at it.
 */
const requireFromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = requireFromYazl('buffer-crc32') as {
  unsigned: (buf: unknown, previous?: unknown) => number;
  nativeCrc32?: true;
};
const nativeCrc32 = (zlib as { crc32?: (data: Buffer, value?: number) => number }).crc32;
if (nativeCrc32 && !bufferCrc32.nativeCrc32) {
  const portable = bufferCrc32.unsigned;
  bufferCrc32.unsigned = (buf, previous) =>
    Buffer.isBuffer(buf) && (previous === undefined || typeof previous === 'number')
      ? nativeCrc32(buf, previous ?? 0)
      : portable(buf, previous);
  bufferCrc32.nativeCrc32 = true;
}

export type ZipSource = {
  /** The media item behind the entry (for error messages). */
  id: number;
  /** The entry's path inside the ZIP, already safe (see zip-names.ts). */
  path: string;
  /** Expected byte count: a source delivering another count fails the ZIP. */
  size: number;
  mtime: Date;
  /** Opened only when the entry's turn comes: one source file open at a time. */
  open(): Promise<Readable>;
};

/**
 * A streaming ZIP (entries stored, not compressed; ZIP64 where sizes or offsets need it) that
 * the caller feeds in batches, so neither the item list nor any file is ever held whole in memory.
 * `output` is the archive; it errors when a source does.
 */
export class ZipWriter {
  readonly output: Readable;
  /** Bytes of archive produced so far. */
  bytesWritten = 0;
  /** Entries whose bytes are all in the archive. */
  filesDone = 0;
  /** The entry being written now. */
  current: ZipSource | undefined;
  private readonly zip = new yazl.ZipFile();
  private readonly counter: Transform;
  private readonly zipOutput = this.zip.outputStream as unknown as Readable;
  private source: Readable | undefined;
  private failed: Error | undefined;
  private waiter: { resolve(): void; reject(err: Error): void } | undefined;

  constructor() {
    const writer = this;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        writer.bytesWritten += chunk.length;
        cb(null, chunk);
      },
    });
    this.output = counter;
    this.counter = counter;
    this.zip.on('error', (err: Error) => this.abort(err));
    // The consumer may attach only later (storage opens its file first): an early failure must
    // not go unhandled meanwhile. It still reaches the consumer through the destroyed stream.
    counter.on('error', () => {});
    counter.on('close', () => {
      // The consumer gave up (storage failed): stop reading the current file.
      if (!counter.writableFinished) this.abort(new Error('ZIP output closed early'));
    });
    this.zipOutput.pipe(counter);
  }

  /**
   * Queues `sources`; resolves once the last of them has started streaming, which is the moment
   * to fetch the next batch (the tail is still being written meanwhile).
   */
  add(sources: ZipSource[]): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (sources.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
      sources.forEach((src, i) => {
        const last = i === sources.length - 1;
        const options = { compress: false, size: src.size, mtime: src.mtime, mode: 0o100644 };
        this.zip.addReadStreamLazy(src.path, options, (cb) => {
          if (this.failed) return;
          this.current = src;
          src.open().then(
            (stream) => {
              if (this.failed) {
                stream.destroy();
                return;
              }
              this.source = stream;
              // yazl listens for no read errors: unhandled, one would bring the process down.
              stream.on('error', (err: Error) => this.abort(err));
              stream.once('end', () => {
                this.filesDone += 1;
              });
              cb(null, stream);
              if (last) this.settle();
            },
            (err: Error) => this.abort(err),
          );
        });
      });
    });
  }

  private settle(err?: Error): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    if (err) waiter?.reject(err);
    else waiter?.resolve();
  }

  /** No more entries: the central directory follows the last one and `output` ends. */
  end(): void {
    if (!this.failed) this.zip.end();
  }

  /** Fails the archive: the current source is closed and `output` errors with `err`. */
  abort(err: Error): void {
    if (this.failed) return;
    this.failed = err;
    this.source?.destroy();
    this.zipOutput.unpipe(this.counter);
    this.zipOutput.destroy();
    this.output.destroy(err);
    this.settle(err);
  }

  get error(): Error | undefined {
    return this.failed;
  }
}
