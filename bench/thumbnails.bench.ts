import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { MediaProcessor } from '../apps/server/src/platform/media/media-processor.ts';
import { BENCH_ADMIN, signIn } from './lib/accounts.ts';
import { startChild } from './lib/child.ts';
import { startRssSampler } from './lib/rss.ts';
import { fixed, machine, mib, percentile, ratioText, table } from './lib/stats.ts';
import { type TestImage, testImages } from './lib/test-images.ts';
import { MiB, ours as upload } from './lib/upload-client.ts';

/**
 * Thumbnails: our media pipeline (`MediaProcessor.process` as an upload's completion calls it:
 * the WebP thumbnail turned upright by EXIF orientation, the displayed size, EXIF time and place)
 * against a bare `sharp` resize of the same file to the same thumbnail (480 px inside, WebP q78),
 * image by image, the two alternating, median of the rounds. Then again while the real server
 * (its own process, SQLite) receives an upload of BENCH_THUMB_UPLOAD_MIB MiB files, one after
 * another, as the web app sends them. Goal: ours ≥ 0.9 of bare (time of bare ÷ time of ours).
 */
const GOAL = 0.9;
const ROUNDS = Number(process.env.BENCH_THUMB_ROUNDS ?? 9);
const UPLOAD_MIB = Number(process.env.BENCH_THUMB_UPLOAD_MIB ?? 64);
const APP = new URL('./lib/app-server.ts', import.meta.url);

// Every upload is a new file: libvips's cache of opened images would serve neither side in production.
sharp.cache(false);

const silent = { warn() {}, info() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const media = new MediaProcessor({ tzGallery: 'Europe/Bratislava', log: silent });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bench-thumbs-'));

async function bare(image: TestImage): Promise<void> {
  await sharp(image.file)
    .resize(480, 480, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toFile(path.join(work, 'bare.webp'));
}

async function ours(image: TestImage): Promise<void> {
  const facts = await media.process(image.file, 'image/jpeg', work);
  if (!facts.thumbnailFile || !facts.width) throw new Error(`${image.name}: no thumbnail or size`);
}

/** CPU of this process (all threads: libvips and libuv's pool too), milliseconds, per side. */
const cpu = { bare: 0, ours: 0 };

async function ms(side: 'bare' | 'ours', fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  const before = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(before);
  cpu[side] += (used.user + used.system) / 1000;
  return performance.now() - start;
}

type Times = Map<string, { bare: number[]; ours: number[] }>;

/** Every image, bare and ours alternating (which goes first alternates too), ROUNDS times. */
async function measure(images: TestImage[]): Promise<Times> {
  const times: Times = new Map(images.map((i) => [i.name, { bare: [], ours: [] }]));
  for (const image of images) {
    await bare(image); // warm-up: code paths, not data (the cache is off)
    await ours(image);
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const image of images) {
      const t = times.get(image.name) as { bare: number[]; ours: number[] };
      if (round % 2 === 0) {
        t.bare.push(await ms('bare', () => bare(image)));
        t.ours.push(await ms('ours', () => ours(image)));
      } else {
        t.ours.push(await ms('ours', () => ours(image)));
        t.bare.push(await ms('bare', () => bare(image)));
      }
    }
  }
  return times;
}

/** An upload loop against the real server until stopped; its throughput. */
async function uploadsRunning() {
  const server = await startChild(APP);
  const cookie = await signIn(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
  let stop = false;
  let bytes = 0;
  const start = performance.now();
  const loop = (async () => {
    while (!stop) {
      await upload(server.url, cookie, UPLOAD_MIB * MiB);
      bytes += UPLOAD_MIB * MiB;
    }
  })();
  return {
    server,
    async stop() {
      stop = true;
      await loop;
      const seconds = (performance.now() - start) / 1000;
      const rss = await server.peakRss();
      await server.stop();
      return { mibPerSecond: bytes / MiB / seconds, rss };
    },
  };
}

console.log(`Thumbnail benchmark · ${machine()}`);
console.log(
  `sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), cache off, ${sharp.concurrency()} libvips threads · ${ROUNDS} alternating rounds, median ms per image\n`,
);
const selfRss = startRssSampler();
const images = await testImages();
const idle = await measure(images);
const idleCpu = { ...cpu };
cpu.bare = 0;
cpu.ours = 0;
const uploads = await uploadsRunning();
const busy = await measure(images);
const busyCpu = { ...cpu };
const during = await uploads.stop();
const peak = selfRss.stop();
fs.rmSync(work, { recursive: true, force: true });

const rows: (string | number)[][] = [
  [
    'image',
    'size',
    'MP',
    'bare ms',
    'ours ms',
    'ratio',
    'bare ms, upload running',
    'ours ms, upload running',
    'ratio, upload running',
  ],
];
const sums = { idle: { bare: 0, ours: 0 }, busy: { bare: 0, ours: 0 } };
for (const image of images) {
  const a = idle.get(image.name) as { bare: number[]; ours: number[] };
  const b = busy.get(image.name) as { bare: number[]; ours: number[] };
  const m = (xs: number[]) => percentile(xs, 50);
  sums.idle.bare += m(a.bare);
  sums.idle.ours += m(a.ours);
  sums.busy.bare += m(b.bare);
  sums.busy.ours += m(b.ours);
  rows.push([
    image.name,
    `${(image.bytes / 1024).toFixed(0)} KiB`,
    fixed(image.megapixels, 1),
    fixed(m(a.bare)),
    fixed(m(a.ours)),
    fixed(m(a.bare) / m(a.ours), 2),
    fixed(m(b.bare)),
    fixed(m(b.ours)),
    fixed(m(b.bare) / m(b.ours), 2),
  ]);
}
const idleRatio = sums.idle.bare / sums.idle.ours;
const busyRatio = sums.busy.bare / sums.busy.ours;
rows.push([
  'all (sum of medians)',
  '',
  '',
  fixed(sums.idle.bare),
  fixed(sums.idle.ours),
  fixed(idleRatio, 2),
  fixed(sums.busy.bare),
  fixed(sums.busy.ours),
  fixed(busyRatio, 2),
]);
const calls = images.length * ROUNDS;
rows.push([
  'CPU ms per image (all threads)',
  '',
  '',
  fixed(idleCpu.bare / calls),
  fixed(idleCpu.ours / calls),
  fixed(idleCpu.bare / idleCpu.ours, 2),
  fixed(busyCpu.bare / calls),
  fixed(busyCpu.ours / calls),
  fixed(busyCpu.bare / busyCpu.ours, 2),
]);
console.log(table(rows));
console.log(
  `\nupload running: ${fixed(during.mibPerSecond)} MiB/s into the server (${UPLOAD_MIB} MiB files, 1 MiB chunks, one after another)`,
);
console.log(
  `peak RSS: bench process (pipeline and bare) ${mib(peak)}, server receiving the upload ${mib(during.rss)}`,
);
console.log(`\nthumbnails: ${ratioText(idleRatio, GOAL)}`);
console.log(`thumbnails while an upload runs: ${ratioText(busyRatio, GOAL)}`);
