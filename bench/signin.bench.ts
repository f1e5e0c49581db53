import os from 'node:os';
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';
import { SEED_PASSWORD, seededEmail } from './lib/accounts.ts';
import { startChild } from './lib/child.ts';
import { databaseTargets } from './lib/databases.ts';
import { BENCH_ROUNDS, BENCH_SECONDS } from './lib/load.ts';
import { startRssSampler } from './lib/rss.ts';
import { fixed, machine, mib, percentile, ratioText, table } from './lib/stats.ts';

/**
 * Sign-ins per second over HTTP (form POST, limiter, argon2id verify, new session) against raw
 * argon2id verifies with the same parameters in this process, at the same concurrency.
 * Goal: ≥ 0.8 of raw. Many seeded accounts and a fresh X-Forwarded-For per request keep the
 * sign-in limiter out of the way, as it would be for many real users.
 */
const GOAL = 0.8;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? os.availableParallelism());
const ACCOUNTS = 200;
const APP = new URL('./lib/app-server.ts', import.meta.url);

type Run = { rate: number; p50: number; p99: number; count: number; seconds: number; latencies: number[] };

/** `work` run by `CONCURRENCY` loops for `seconds`; its rate per second and latencies. */
async function measure(seconds: number, work: (i: number) => Promise<void>): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await work(next++);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return summary(latencies, (performance.now() - start) / 1000);
}

function summary(latencies: number[], seconds: number): Run {
  return {
    rate: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count: latencies.length,
    seconds,
    latencies,
  };
}

const combine = (runs: Run[]) =>
  summary(
    runs.flatMap((r) => r.latencies),
    runs.reduce((s, r) => s + r.seconds, 0),
  );

console.log(`Sign-in benchmark · ${machine()}`);
const hash = await hashPassword(SEED_PASSWORD);
console.log(
  `argon2id ${hash.split('$')[3]} (the server's own hashPassword) · concurrency ${CONCURRENCY} · ${BENCH_SECONDS} s per side in ${BENCH_ROUNDS} alternating slices\n`,
);

const selfRss = startRssSampler();
const raw = async () => {
  if (!(await verify(hash, SEED_PASSWORD))) throw new Error('raw verify failed');
};
let ipSeq = 0;

const rows: (string | number)[][] = [
  ['database', 'run', 'per second', 'p50 ms', 'p99 ms', 'server main thread ms', 'ratio vs raw', 'peak RSS'],
];
const verdicts: string[] = [];
for (const db of await databaseTargets()) {
  try {
    const app = await startChild(APP, { ...db.env, BENCH_SEED_USERS: String(ACCOUNTS) });
    try {
      const signIn = async (i: number) => {
        ipSeq += 1;
        const res = await fetch(`${app.url}/apis/authenticate`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
          },
          body: new URLSearchParams({
            username: seededEmail(i % ACCOUNTS),
            password: SEED_PASSWORD,
          }).toString(),
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
      };
      await measure(1, signIn); // warm-up
      // Alternating slices (raw, HTTP, raw, …) so that a change in machine load weighs on both alike.
      const raws: Run[] = [];
      const https: Run[] = [];
      const slice = Math.max(1, Math.round(BENCH_SECONDS / BENCH_ROUNDS));
      // The server's CPU outside argon2 (its main thread: HTTP, limiter, queries), per sign-in.
      let mainCpu = 0;
      for (let i = 0; i < BENCH_ROUNDS; i += 1) {
        raws.push(await measure(slice, raw));
        const before = app.mainThreadCpuSeconds();
        https.push(await measure(slice, signIn));
        mainCpu += app.mainThreadCpuSeconds() - before;
      }
      const reference = combine(raws);
      const http = combine(https);
      const ratio = http.rate / reference.rate;
      const mainMs = (mainCpu * 1000) / http.count;
      rows.push(
        [
          db.name,
          'raw argon2id verify',
          fixed(reference.rate),
          fixed(reference.p50),
          fixed(reference.p99),
          '–',
          '1 (reference)',
          `${mib(selfRss.peak())} (bench process)`,
        ],
        [
          db.name,
          'POST /apis/authenticate',
          fixed(http.rate),
          fixed(http.p50),
          fixed(http.p99),
          fixed(mainMs, 2),
          ratioText(ratio, GOAL),
          `${mib(await app.peakRss())} (server)`,
        ],
      );
      verdicts.push(`${db.name} sign-in: ${ratioText(ratio, GOAL)}`);
    } finally {
      await app.stop();
    }
  } finally {
    await db.drop();
  }
}
selfRss.stop();
console.log(table(rows));
console.log(`\n${verdicts.join('\n')}`);
