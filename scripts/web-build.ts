import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the web build is made of: when any is newer than the build, it is built again. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
];

function newestMtime(p: string): number {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * A production build of the web app into `dist` when it is missing or older than its sources.
 * Browser tests and benchmarks each pass a folder of their own, so one never replaces files the
 * other is serving. Returns whether it built.
 */
export function buildWebIfStale(dist: string): boolean {
  const built = newestMtime(path.join(dist, 'index.html'));
  const sources = Math.max(...INPUTS.map((p) => newestMtime(path.join(ROOT, p))));
  if (built !== 0 && sources <= built) return false;
  console.log(`Building the web app into ${dist} …`);
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      dist,
      '--emptyOutDir',
    ],
    {
      cwd: path.join(ROOT, 'apps/web'),
      stdio: 'inherit',
      // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  return true;
}
