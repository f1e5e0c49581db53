import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench`: every `*.bench.ts` in bench/, one after another, each in its own process (so
 * one benchmark's memory and threads cannot colour the next). A new benchmark file is picked up
 * without touching this list. `npm run bench -- http signin` runs only the named ones.
 */
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.bench\.ts$/, '')))
  .sort();

const failed: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ${'='.repeat(Math.max(0, 60 - file.length))}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
    stdio: 'inherit',
    cwd: dir,
  });
  if (result.status !== 0) failed.push(`${file} (exit ${result.status ?? result.signal})`);
}
console.log(
  `\n${files.length - failed.length} of ${files.length} benchmarks ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
);
process.exit(failed.length ? 1 : 0);
