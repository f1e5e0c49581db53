import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { SessionUser } from '../apps/server/src/modules/auth/sessions.service.ts';
import { exportsOf } from '../apps/server/src/modules/exports/exports.module.ts';
import { exportKit } from '../apps/server/src/modules/exports/testing/export-kit.ts';
import { ZipWriter } from '../apps/server/src/modules/exports/zip-writer.ts';
import { fixed, machine, mib, ratioText, table } from './lib/stats.ts';

/**
 * Export throughput and memory. BENCH_EXPORT_GIB (default 1) GiB of JPEG and MP4 files, exported
 * by the real worker (database query, safe names, yazl with stored entries, progress and lease
 * writes, storage put with fsync), side by side with Info-ZIP `zip -0 -r` over the same files in
 * the same script, plain and followed by an fsync of its archive (our storage makes the ZIP
 * durable before it is offered). Rounds alternate, best of BENCH_EXPORT_ROUNDS (default 3) each.
 * Goals: throughput ≥ 0.9 of `zip -0`, and our RSS flat (growth under 64 MiB).
 */
const GOAL = 0.9;
const RSS_GOAL = 64 * 1024 * 1024;
const MiB = 1024 * 1024;
const TOTAL = Number(process.env.BENCH_EXPORT_GIB ?? 1) * 1024 * MiB;
const ROUNDS = Number(process.env.BENCH_EXPORT_ROUNDS ?? 3);
const run = promisify(execFile);

console.log(`Export benchmark · ${machine()}`);
const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sd-bench-export-'));
const app = await buildApp(
  loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'admin@bench.sk',
    ADMIN_PASSWORD: 'BenchAdmin1',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  }),
  { logger: false },
);
const { ctx } = app;
const mediaDir = path.join(dataDir, 'media', 'bench');

try {
  const files = await generateMedia();
  const kit = exportKit(ctx);
  const site = await kit.site('BEN', 'Benchmark – Stavba Žilina');
  const admin = await ctx.db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow();
  await kit.many(
    site,
    files.map((f, i) => ({
      author: { id: admin.id, name: 'Ján Novák' },
      takenAt: new Date(Date.UTC(2026, 10, 1 + (i % 28), 8, 0, i % 60)).toISOString(),
      mimeType: f.mime,
      storageKey: `media/bench/${f.name}`,
      size: f.size,
      sha256: f.sha256,
    })),
  );
  const total = files.reduce((s, f) => s + f.size, 0);
  console.log(
    `${files.length} files (${files.filter((f) => f.mime === 'video/mp4').length} MP4), ${mib(total)}`,
  );

  const best = { ours: Infinity, zip: Infinity, zipSync: Infinity, yazl: Infinity };
  let oursGrowth = 0;
  let oursPeak = 0;
  let zipPeak = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const o = await ours(site.id, admin.id, files.length, round === 0);
    best.ours = Math.min(best.ours, o.seconds);
    oursGrowth = Math.max(oursGrowth, o.growth);
    oursPeak = Math.max(oursPeak, o.peak);
    const z = await infoZip();
    best.zip = Math.min(best.zip, z.seconds);
    best.zipSync = Math.min(best.zipSync, z.withSync);
    zipPeak = Math.max(zipPeak, z.peak);
    best.yazl = Math.min(best.yazl, await yazlToNull(files));
    console.log(`round ${round + 1}: ours ${fixed(o.seconds, 2)} s, zip -0 ${fixed(z.seconds, 2)} s`);
  }
  const rate = (s: number) => fixed(total / MiB / s, 0);
  console.log(
    `\n${table([
      ['', 'seconds (best)', 'MiB/s', 'peak RSS'],
      [
        'ours: export worker → storage (fsync)',
        fixed(best.ours, 2),
        rate(best.ours),
        `${mib(oursPeak)} (growth ${mib(oursGrowth)})`,
      ],
      ['zip -0 -r', fixed(best.zip, 2), rate(best.zip), mib(zipPeak)],
      ['zip -0 -r, then fsync', fixed(best.zipSync, 2), rate(best.zipSync), mib(zipPeak)],
      ['yazl alone → /dev/null', fixed(best.yazl, 2), rate(best.yazl), '–'],
    ])}`,
  );
  console.log(`ratio to zip -0 + fsync: ${ratioText(best.zipSync / best.ours, GOAL)}`);
  console.log(`ratio to zip -0 (no fsync): ${ratioText(best.zip / best.ours, GOAL)}`);
  console.log(
    `RSS growth during export: ${mib(oursGrowth)} (goal < ${mib(RSS_GOAL)}: ${oursGrowth < RSS_GOAL ? 'met' : 'MISSED'})`,
  );
} finally {
  await app.close();
  await fsp.rm(dataDir, { recursive: true, force: true });
}

type Media = { name: string; size: number; mime: string; sha256: string };

/** Photos of 2–6 MiB and videos of 40–120 MiB (real headers, random bodies) until TOTAL bytes. */
async function generateMedia(): Promise<Media[]> {
  await fsp.mkdir(mediaDir, { recursive: true });
  const jpeg = await fsp
    .readFile(path.resolve(fileURLToPath(import.meta.url), '../../../shared/fixtures/media/jolla-phone.jpg'))
    .catch(() => Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  const mp4 = await tinyMp4();
  const media: Media[] = [];
  let bytes = 0;
  let seed = 1;
  const rand = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  while (bytes < TOTAL) {
    const video = bytes > TOTAL * 0.6;
    const size = Math.min(
      Math.round((video ? 40 + rand() * 80 : 2 + rand() * 4) * MiB),
      Math.max(TOTAL - bytes, 4096),
    );
    const name = `${media.length}.${video ? 'mp4' : 'jpg'}`;
    const head = video ? mp4 : jpeg;
    // A JPEG may carry bytes after its end marker; an MP4 may end with a `free` box.
    const box = video ? Buffer.from([0, 0, 0, 0, 0x66, 0x72, 0x65, 0x65]) : Buffer.alloc(0);
    if (video) box.writeUInt32BE(size - head.length, 0);
    const hash = createHash('sha256');
    const chunks = function* () {
      yield head;
      yield box;
      for (let left = size - head.length - box.length; left > 0; left -= MiB)
        yield randomBytes(Math.min(MiB, left));
    };
    await pipeline(
      chunks,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const c of source) {
          hash.update(c);
          yield c;
        }
      },
      fs.createWriteStream(path.join(mediaDir, name)),
    );
    media.push({ name, size, mime: video ? 'video/mp4' : 'image/jpeg', sha256: hash.digest('hex') });
    bytes += size;
  }
  return media;
}

async function tinyMp4(): Promise<Buffer> {
  const out = path.join(dataDir, 'tiny.mp4');
  try {
    await run('ffmpeg', [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=10',
      '-t',
      '1',
      '-pix_fmt',
      'yuv420p',
      '-y',
      out,
    ]);
    return await fsp.readFile(out);
  } catch {
    return Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  }
}

/** One export by the real worker; wall time from the request to COMPLETED, and our RSS. */
async function ours(siteId: number, userId: number, count: number, verify: boolean) {
  const { service, worker } = exportsOf(ctx);
  const base = process.memoryUsage.rss();
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const start = performance.now();
  await service.request({ id: userId, admin: true } as SessionUser, { siteId });
  await worker.kick();
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const row = await ctx.db.kysely
    .selectFrom('exports')
    .selectAll()
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  if (row.status !== 'COMPLETED' || row.file_count !== count)
    throw new Error(`export ended ${row.status}: ${row.message}`);
  const key = row.storage_key ?? '';
  if (verify) {
    // Measured output must be right: Info-ZIP tests every entry's CRC (outside the timing).
    const { stdout } = await run('unzip', ['-tq', ctx.storage.localPath?.(key) ?? key], {
      maxBuffer: 1 << 24,
    });
    console.log(`unzip -tq of our ZIP: ${stdout.trim()}`);
  }
  await ctx.storage.delete(key);
  return { seconds, peak, growth: peak - base };
}

/** Info-ZIP over the same directory, on the same disk; then the same again with an fsync. */
async function infoZip() {
  const out = path.join(dataDir, 'reference.zip');
  const timed = async (withSync: boolean) => {
    await fsp.rm(out, { force: true });
    const start = performance.now();
    const peakKb = await new Promise<number>((resolve, reject) => {
      const child = spawn('/usr/bin/time', ['-f', '%M', 'zip', '-0', '-q', '-r', out, '.'], {
        cwd: mediaDir,
      });
      let stderr = '';
      child.stderr.on('data', (c) => {
        stderr += String(c);
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(Number(stderr.trim().split('\n').pop())) : reject(new Error(stderr)),
      );
    });
    if (withSync) await run('sync', [out]);
    return { seconds: (performance.now() - start) / 1000, peak: peakKb * 1024 };
  };
  const plain = await timed(false);
  const synced = await timed(true);
  await fsp.rm(out, { force: true });
  return { seconds: plain.seconds, withSync: synced.seconds, peak: Math.max(plain.peak, synced.peak) };
}

/** The ZIP writer alone, files straight from disk to /dev/null: the ceiling of our pipeline. */
async function yazlToNull(files: Media[]): Promise<number> {
  const start = performance.now();
  const writer = new ZipWriter();
  const done = pipeline(writer.output, fs.createWriteStream('/dev/null'));
  await writer.add(
    files.map((f, i) => ({
      id: i,
      path: `BEN/${f.name}`,
      size: f.size,
      mtime: new Date(),
      open: async () => fs.createReadStream(path.join(mediaDir, f.name)),
    })),
  );
  writer.end();
  await done;
  return (performance.now() - start) / 1000;
}
