import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.includes('.test.') ? [p] : [];
  });
}

test('nothing is rendered as raw HTML (user-written text could carry markup)', () => {
  const offenders = sources(SRC).filter((file) =>
    /dangerouslySetInnerHTML|\.innerHTML\s*=|insertAdjacentHTML|document\.write/.test(
      fs.readFileSync(file, 'utf8'),
    ),
  );
  expect(offenders.map((f) => path.relative(SRC, f))).toEqual([]);
});
