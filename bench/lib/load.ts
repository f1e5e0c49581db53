import autocannon from 'autocannon';
import { percentile } from './stats.ts';

export type LoadResult = { rps: number; p50: number; p99: number; requests: number; failed: number };

/** Measured seconds per side of a comparison, split into BENCH_ROUNDS alternating slices. */
export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const BENCH_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
export const BENCH_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** One autocannon run; any non-2xx answer counts as failed, so a broken route cannot look fast. */
export async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<LoadResult> {
  const r = await autocannon({ url, headers, connections: BENCH_CONNECTIONS, duration: seconds });
  return {
    rps: r.requests.total / seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    failed: r.non2xx + r.errors + r.timeouts,
  };
}

/**
 * Alternates short slices of `a` and `b` (a, b, a, b, …) so that a machine whose load changes
 * during the run (other work on it) weighs on both sides alike; the sums give the rates.
 * Latency percentiles are the medians of the slices' percentiles.
 */
export async function alternate(
  a: (seconds: number) => Promise<LoadResult>,
  b: (seconds: number) => Promise<LoadResult>,
  rounds = BENCH_ROUNDS,
  seconds = BENCH_SECONDS,
): Promise<[LoadResult, LoadResult]> {
  const slice = Math.max(1, Math.round(seconds / rounds));
  const as: LoadResult[] = [];
  const bs: LoadResult[] = [];
  for (let i = 0; i < rounds; i += 1) {
    as.push(await a(slice));
    bs.push(await b(slice));
  }
  return [combine(as, slice), combine(bs, slice)];
}

function combine(runs: LoadResult[], slice: number): LoadResult {
  const requests = runs.reduce((s, r) => s + r.requests, 0);
  return {
    rps: requests / (slice * runs.length),
    p50: percentile(
      runs.map((r) => r.p50),
      50,
    ),
    p99: percentile(
      runs.map((r) => r.p99),
      50,
    ),
    requests,
    failed: runs.reduce((s, r) => s + r.failed, 0),
  };
}
