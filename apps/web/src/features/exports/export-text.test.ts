import { describe, expect, test } from 'vitest';
import { cutMessage, nameLines } from './export-text.ts';

describe('export name lines', () => {
  test('breaks only at <br>, in the ways a break tag is written', () => {
    expect(nameLines('Hľadať: most<br>Od: 1. 3. 2026<BR>Do: 9. 3. 2026<br/>Site: A<br />B')).toEqual([
      'Hľadať: most',
      'Od: 1. 3. 2026',
      'Do: 9. 3. 2026',
      'Site: A',
      'B',
    ]);
  });

  test('every other markup stays text, untouched', () => {
    const evil = 'Hľadať: <img src=x onerror=alert(1)><script>alert(2)</script>';
    expect(nameLines(evil)).toEqual([evil]);
    expect(nameLines('<b>tučné</b><br>&lt;br&gt; <brx> <br')).toEqual([
      '<b>tučné</b>',
      '&lt;br&gt; <brx> <br',
    ]);
  });

  test('a name without breaks is one line; breaks at the edges give empty lines, not lost text', () => {
    expect(nameLines('Všetky fotografie a videá')).toEqual(['Všetky fotografie a videá']);
    expect(nameLines('<br>a<br>')).toEqual(['', 'a', '']);
  });
});

describe('export message cut', () => {
  test('50 characters or fewer stay whole', () => {
    const fifty = 'x'.repeat(50);
    expect(cutMessage(fifty)).toEqual({ text: fifty, cut: false });
    expect(cutMessage('')).toEqual({ text: '', cut: false });
  });

  test('longer ones keep their first 50 characters and end with ...', () => {
    const msg = 'Export zlyhal: nepodarilo sa ho dokončiť ani po opakovaných pokusoch.';
    const { text, cut } = cutMessage(msg);
    expect(cut).toBe(true);
    expect(text).toBe(`${msg.slice(0, 50)}...`);
    expect(text).toHaveLength(53);
    expect(cutMessage('y'.repeat(51)).text).toBe(`${'y'.repeat(50)}...`);
  });

  test('counts characters, never halves an emoji', () => {
    const msg = `${'á'.repeat(49)}📦📦`;
    expect(cutMessage(msg).text).toBe(`${'á'.repeat(49)}📦...`);
  });
});
