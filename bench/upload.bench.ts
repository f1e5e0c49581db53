import { BENCH_ADMIN, signIn } from './lib/accounts.ts';
import { type ServerChild, startChild } from './lib/child.ts';
import { databaseTargets } from './lib/databases.ts';
import { fixed, machine, mib, ratioText, table } from './lib/stats.ts';
import { chunk, MiB, ours } from './lib/upload-client.ts';

/**
 * Upload throughput: BENCH_UPLOAD_MIB (256) MiB in 1 MiB chunks through our protocol (sequential
 * chunks as the web app sends them, every chunk fsynced and recorded before its 206, then the
 * streaming assembly with SHA-256, type check and ffmpeg probe), against tus (@tus/server +
 * @tus/file-store, the same 1 MiB PATCHes) and one raw streaming request written to disk with one
 * fsync. Each server runs in its own process; the rounds alternate the three so a machine whose
 * load changes weighs on all alike; the median round counts.
 * Goals: ≥ tus's throughput, ≥ 0.8 of the raw stream, our server's RSS growth under 64 MiB.
 */
const SIZE_MIB = Number(process.env.BENCH_UPLOAD_MIB ?? 256);
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
const IN_FLIGHT = Number(process.env.BENCH_UPLOAD_IN_FLIGHT ?? 4);
const SIZE = SIZE_MIB * MiB;

const APP = new URL('./lib/app-server.ts', import.meta.url);
const TUS = new URL('./upload/tus-server.ts', import.meta.url);
const RAW = new URL('./upload/raw-server.ts', import.meta.url);

async function tus(url: string, size: number): Promise<void> {
  const created = await fetch(`${url}/files`, {
    method: 'POST',
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(size) },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus create: ${created.status}`);
  const target = new URL(location, url).toString();
  for (let i = 0; i < size / MiB; i += 1) {
    const res = await fetch(target, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(i * MiB),
        'content-type': 'application/offset+octet-stream',
      },
      body: chunk(i, size),
    });
    if (res.status !== 204) throw new Error(`tus chunk ${i}: ${res.status} ${await res.text()}`);
  }
}

async function raw(url: string, size: number): Promise<void> {
  const n = size / MiB;
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i === n) controller.close();
      else controller.enqueue(chunk(i++, size));
    },
  });
  const res = await fetch(`${url}/`, { method: 'POST', body, duplex: 'half' } as RequestInit);
  const answer = (await res.json()) as { size: number };
  if (res.status !== 200 || answer.size !== size)
    throw new Error(`raw: ${res.status} ${JSON.stringify(answer)}`);
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return SIZE_MIB / ((performance.now() - start) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

console.log(`Upload benchmark · ${machine()}`);
console.log(
  `${SIZE_MIB} MiB in 1 MiB chunks · ${ROUNDS} alternating rounds, median MiB/s · each server in its own process\n`,
);

const rows: (string | number)[][] = [
  [
    'database',
    'ours MiB/s',
    'tus MiB/s',
    'raw MiB/s',
    'ours / tus',
    'ours / raw',
    `ours, ${IN_FLIGHT} in flight`,
    'our RSS before → peak (growth)',
  ],
];
const verdicts: string[] = [];
const tusServer = await startChild(TUS);
const rawServer = await startChild(RAW);
try {
  // Warm-up of the references: JIT, page cache, first-file costs.
  await tus(tusServer.url, 8 * MiB);
  await raw(rawServer.url, 8 * MiB);
  for (const db of await databaseTargets()) {
    let app: ServerChild | undefined;
    try {
      app = await startChild(APP, db.env);
      const cookie = await signIn(app.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
      await ours(app.url, cookie, 8 * MiB);
      const rssBefore = await app.peakRss();
      const results = {
        ours: [] as number[],
        tus: [] as number[],
        raw: [] as number[],
        parallel: [] as number[],
      };
      for (let r = 0; r < ROUNDS; r += 1) {
        const server = app;
        results.raw.push(await timed(() => raw(rawServer.url, SIZE)));
        results.ours.push(await timed(() => ours(server.url, cookie, SIZE)));
        results.tus.push(await timed(() => tus(tusServer.url, SIZE)));
        results.parallel.push(await timed(() => ours(server.url, cookie, SIZE, IN_FLIGHT)));
      }
      const rssPeak = await app.peakRss();
      const [o, t, w, p] = [
        median(results.ours),
        median(results.tus),
        median(results.raw),
        median(results.parallel),
      ];
      const growth = rssPeak - rssBefore;
      rows.push([
        db.name,
        fixed(o),
        fixed(t),
        fixed(w),
        ratioText(o / t, 1),
        ratioText(o / w, 0.8),
        `${fixed(p)} (${fixed(p / t, 2)}× tus, ${fixed(p / w, 2)}× raw)`,
        `${mib(rssBefore)} → ${mib(rssPeak)} (${mib(growth)}, goal < 64 MiB: ${growth < 64 * MiB ? 'met' : 'MISSED'})`,
      ]);
      verdicts.push(
        `${db.name}: rounds ours ${results.ours.map((x) => fixed(x)).join(' / ')} · tus ${results.tus.map((x) => fixed(x)).join(' / ')} · raw ${results.raw.map((x) => fixed(x)).join(' / ')} · ours ${IN_FLIGHT} in flight ${results.parallel.map((x) => fixed(x)).join(' / ')} MiB/s`,
      );
    } finally {
      await app?.stop();
      await db.drop();
    }
  }
  rows.push([
    '–',
    '',
    '',
    '',
    '',
    '',
    '',
    `tus peak ${mib(await tusServer.peakRss())} · raw peak ${mib(await rawServer.peakRss())}`,
  ]);
} finally {
  await tusServer.stop();
  await rawServer.stop();
}

console.log(table(rows));
console.log(`\n${verdicts.join('\n')}`);
