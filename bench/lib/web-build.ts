import os from 'node:os';
import path from 'node:path';
import { buildWebIfStale } from '../../scripts/web-build.ts';

/**
 * A production build of the web app in a folder of the benchmark's own (BENCH_WEB_DIST, else
 * a temp folder), never apps/web/dist, which a browser test may be serving: built when missing
 * or older than its sources. Returns the folder.
 */
export function webBuild(): string {
  const dist = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(os.tmpdir(), 'sd-bench-web-dist'));
  buildWebIfStale(dist);
  return dist;
}
