import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RunningHashes } from './running-hashes.ts';

const parts = [Buffer.from('first part '), Buffer.from('second part '), Buffer.from('third')];
const whole = createHash('sha256').update(Buffer.concat(parts)).digest('hex');
const size = Buffer.concat(parts).length;

/** Feeds parts (index order given) through taps, as chunks arriving would. */
function feed(h: RunningHashes, order: number[], recorded = () => true) {
  for (const i of order) {
    const start = parts.slice(0, i).reduce((n, p) => n + p.length, 0);
    const tap = h.tap('u', start);
    tap?.update(parts[i]);
    tap?.settle(recorded(), parts[i].length);
  }
}

describe('running upload hashes', () => {
  it('gives the whole file’s SHA-256 when every chunk came in order', () => {
    const h = new RunningHashes();
    feed(h, [0, 1, 2]);
    expect(h.take('u', size)).toBe(whole);
    expect(h.take('u', size)).toBeUndefined();
  });

  it('gives nothing (a read is needed) after a gap, a reorder or an unrecorded chunk', () => {
    const gap = new RunningHashes();
    feed(gap, [0, 2, 1]);
    expect(gap.take('u', size)).toBeUndefined();
    const late = new RunningHashes();
    feed(late, [1, 0, 2]);
    expect(late.take('u', size)).toBeUndefined();
    const refused = new RunningHashes();
    let n = 0;
    feed(refused, [0, 1, 2], () => {
      n += 1;
      return n !== 2;
    });
    expect(refused.take('u', size)).toBeUndefined();
  });

  it('never taps the same upload twice at once', () => {
    const h = new RunningHashes();
    const a = h.tap('u', 0);
    expect(a).toBeDefined();
    expect(h.tap('u', 0)).toBeUndefined();
    a?.settle(false, 0);
  });

  it('forgets the oldest uploads past its bound', () => {
    const h = new RunningHashes(2);
    for (const id of ['a', 'b', 'c']) h.tap(id, 0)?.settle(true, 0);
    expect(h.take('a', 0)).toBeUndefined();
    expect(h.take('c', 0)).toBe(createHash('sha256').digest('hex'));
  });
});
