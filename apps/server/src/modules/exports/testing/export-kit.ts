import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import type { AppContext } from '../../../context.ts';
import { fold } from '../../../db/database.ts';
import { siteDateOf } from '../../gallery/site-date.ts';

export type Site = { id: number; code: string; name: string };
export type Seeded = { id: number; sha256: string; size: number; storageKey: string };
export type Author = { id: number; name: string };
export type MediaOptions = {
  bytes?: Buffer;
  mimeType?: string;
  /** With `storageKey`: a file already in storage, not written here. */
  size?: number;
  storageKey?: string;
  sha256?: string;
};

let seq = 0;

/**
 * Seeds sites and media straight into the database and the storage directory, without the
 * upload path: the export reads nothing else.
 */
export function exportKit(ctx: AppContext) {
  const db = ctx.db.kysely;
  return {
    async site(code: string, name: string): Promise<Site> {
      const now = ctx.clock.now();
      const { id } = await db
        .insertInto('sites')
        .values({
          name,
          code,
          code_lower: code.toLowerCase(),
          lat: 48.15,
          lng: 17.11,
          active: 1,
          search_text: fold(`${name} ${code}`),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, code, name };
    },

    /** One media item; `bytes` default to a few random ones. Files go straight to disk. */
    async media(site: Site, author: Author, takenAt: string, opts: MediaOptions = {}): Promise<Seeded> {
      const [seeded] = await this.many(site, [{ author, takenAt, ...opts }]);
      if (!seeded) throw new Error('nothing seeded');
      return seeded;
    },

    /** Many media items in a few statements (the 1,000-file export). */
    async many(site: Site, list: ({ author: Author; takenAt: string } & MediaOptions)[]): Promise<Seeded[]> {
      const rows = await Promise.all(
        list.map(async ({ author, takenAt, ...opts }) => {
          const bytes = opts.bytes ?? randomBytes(64 + (seq++ % 200));
          const mimeType = opts.mimeType ?? 'image/jpeg';
          const storageKey = opts.storageKey ?? `media/test/${randomUUID()}.${mimeType.split('/')[1]}`;
          if (!opts.storageKey) {
            const file = ctx.storage.localPath?.(storageKey);
            if (!file) throw new Error('The export tests need local storage');
            await fs.mkdir(path.dirname(file), { recursive: true });
            await fs.writeFile(file, bytes);
          }
          const taken = Date.parse(takenAt);
          return {
            site_id: site.id,
            author_id: author.id,
            author_name: author.name,
            type: mimeType.startsWith('image/') ? ('IMAGE' as const) : ('VIDEO' as const),
            mime_type: mimeType,
            size: opts.size ?? bytes.length,
            sha256: opts.sha256 ?? createHash('sha256').update(bytes).digest('hex'),
            storage_key: storageKey,
            thumbnail_key: null,
            display_key: null,
            width: null,
            height: null,
            duration_seconds: null,
            taken_at: taken,
            site_date: siteDateOf(taken, ctx.config.tzGallery),
            lat: null,
            lng: null,
            search_text: fold(`${site.name} ${site.code} ${author.name}`),
            created_at: ctx.clock.now(),
          };
        }),
      );
      const seeded: Seeded[] = [];
      for (let i = 0; i < rows.length; i += 200) {
        const chunk = rows.slice(i, i + 200);
        const ids = await db.insertInto('media_items').values(chunk).returning('id').execute();
        ids.forEach(({ id }, j) => {
          const r = chunk[j];
          if (r) seeded.push({ id, sha256: r.sha256, size: r.size, storageKey: r.storage_key });
        });
      }
      return seeded;
    },

    async exportRow(id: number) {
      return db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },

    async lastExportId(): Promise<number> {
      const r = await db
        .selectFrom('exports')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst();
      return Number(r?.m ?? 0);
    },

    /** The finished ZIP of export `id` on disk. */
    async zipPath(id: number): Promise<string> {
      const row = await this.exportRow(id);
      if (row.status !== 'COMPLETED' || !row.storage_key) {
        throw new Error(`Export ${id} is ${row.status}: ${row.message}`);
      }
      const file = ctx.storage.localPath?.(row.storage_key);
      if (!file) throw new Error('The export tests need local storage');
      return file;
    },
  };
}

export type ZipEntry = { size: number; sha256: string; zip64: boolean };

/**
 * Every entry of a ZIP with the SHA-256 of its bytes, read by an independent implementation
 * (yauzl, which also refuses absolute and `..` entry names and checks sizes and CRCs).
 */
export function readZip(file: string, opts: { skipContent?: (name: string) => boolean } = {}) {
  return new Promise<Map<string, ZipEntry>>((resolve, reject) => {
    const entries = new Map<string, ZipEntry>();
    yauzl.open(file, { lazyEntries: true, decodeStrings: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        const zip64 = entry.extraFields.some((f) => f.id === 0x0001);
        if (opts.skipContent?.(entry.fileName)) {
          entries.set(entry.fileName, { size: entry.uncompressedSize, sha256: '', zip64 });
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const hash = createHash('sha256');
          stream.on('data', (c: Buffer) => hash.update(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, { size: entry.uncompressedSize, sha256: hash.digest('hex'), zip64 });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const run = promisify(execFile);

/**
 * Info-ZIP's own reading of the archive, when the tool is installed: `-t` tests every entry's
 * bytes and CRC, `-l` lists the central directory.
 */
export async function unzipTest(file: string, mode: '-t' | '-l' = '-t'): Promise<string | undefined> {
  try {
    await run('unzip', ['-v'], { timeout: 5000 });
  } catch {
    return undefined;
  }
  const { stdout } = await run('unzip', [mode, file], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}
