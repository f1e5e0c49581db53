import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiFallback, contentDisposition, encodeRfc8187 } from './content-disposition.ts';
import { completedMessage, exportName, formatBytes, progressMessage } from './export-texts.ts';
import { ExportLayout, extensionOf, safeSegment, UniqueNames } from './zip-names.ts';

// Anything a user may type, including lone surrogates, controls and bidi overrides.
const anyText = fc.string({ unit: 'binary', maxLength: 300 });
const UNSAFE = /[<>:"/\\|?*\p{Cc}\p{Cf}]/u;

describe('safeSegment', () => {
  it('never yields a separator, a forbidden or control character, an edge dot or space, or too many bytes', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 8, max: 200 }), (text, max) => {
        const s = safeSegment(text, max);
        expect(s).not.toMatch(UNSAFE);
        expect(s).not.toMatch(/^[.\s]|[.\s]$/u);
        expect(s.length).toBeGreaterThan(0);
        expect(Buffer.byteLength(s)).toBeLessThanOrEqual(max + 1); // + the '_' before a reserved name
        expect(s).toBe(s.normalize('NFC'));
        expect(s).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['../../etc', '_.._etc'],
    ['..', '_'],
    ['a/b\\c<>:"|?*', 'a_b_c_______'],
    ['  tab\there\nnew\r\nline  ', 'tab here new line'],
    ['faktúra\u202Egpj.exe', 'faktúragpj.exe'],
    ['CON', '_CON'],
    ['lpt1.txt', '_lpt1.txt'],
    ['COM¹', '_COM¹'],
    ['konzola', 'konzola'],
    ['name. . .', 'name'],
    ['', '_'],
    ['\u0000\u0001', '_'],
    ['Stavba Žilina', 'Stavba Žilina'],
    ['Z\u030Cilina', 'Žilina'], // decomposed → composed
  ])('%j → %j', (input, output) => {
    expect(safeSegment(input, 100)).toBe(output);
  });

  it('cuts at a character boundary', () => {
    expect(safeSegment('ž'.repeat(100), 7)).toBe('žžž');
    expect(safeSegment('😀😀', 5)).toBe('😀');
  });
});

describe('UniqueNames', () => {
  it('tells apart names that case- or normalisation-insensitive file systems would merge', () => {
    const names = new UniqueNames();
    expect(names.take('A/b/foto.jpg')).toBe('A/b/foto.jpg');
    expect(names.take('a/B/FOTO.jpg')).toBe('a/B/FOTO (2).jpg');
    expect(names.take('A/b/foto.jpg')).toBe('A/b/foto (3).jpg');
    expect(names.take('Dvor')).toBe('Dvor');
    expect(names.take('dvor')).toBe('dvor (2)');
    expect(names.take('Žilina')).toBe('Žilina');
    expect(names.take('Z\u030Cilina')).toBe('Z\u030Cilina (2)');
    expect(names.take('v.1/subor')).toBe('v.1/subor');
    expect(names.take('v.1/subor')).toBe('v.1/subor (2)');
  });

  it('never hands out one name twice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a.jpg', 'A.jpg', 'a (2).jpg', 'b', 'B', 'b (2)'), { maxLength: 40 }),
        (list) => {
          const names = new UniqueNames();
          const given = list.map((n) => names.take(n).toLowerCase());
          expect(new Set(given).size).toBe(given.length);
        },
      ),
    );
  });
});

describe('ExportLayout', () => {
  const item = {
    id: 7,
    siteId: 1,
    siteCode: 'ABC',
    siteName: 'Stavba',
    siteDate: '2026-07-01',
    takenAt: Date.parse('2026-06-30T22:05:09Z'),
    authorName: 'Ján Novák',
    mimeType: 'image/heic',
    storageKey: 'media/x.heic',
  };

  it('uses the time of day in the gallery time zone and the extension of the MIME type', () => {
    expect(new ExportLayout('Europe/Bratislava').pathOf(item)).toBe(
      'ABC - Stavba/2026-07-01/000509_Ján Novák_7.heic',
    );
    expect(new ExportLayout('UTC').pathOf(item)).toBe('ABC - Stavba/2026-07-01/220509_Ján Novák_7.heic');
  });

  it('keeps one folder per site even when its name repeats another site’s', () => {
    const layout = new ExportLayout('UTC');
    expect(layout.pathOf({ ...item, siteId: 1 })).toMatch(/^ABC - Stavba\//);
    expect(layout.pathOf({ ...item, siteId: 2, siteCode: 'abc', id: 8 })).toMatch(/^abc - Stavba \(2\)\//);
    expect(layout.pathOf({ ...item, siteId: 1, id: 9 })).toMatch(/^ABC - Stavba\//);
  });

  it('caps long names', () => {
    const path = new ExportLayout('UTC').pathOf({
      ...item,
      siteName: 'x'.repeat(500),
      authorName: 'y'.repeat(500),
    });
    for (const part of path.split('/')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(120);
  });

  it('derives extensions from MIME types, else from the key', () => {
    expect(extensionOf('video/quicktime', 'a.bin')).toBe('mov');
    expect(extensionOf('application/x-odd', 'media/a.WEBM')).toBe('webm');
    expect(extensionOf('application/x-odd', 'media/a')).toBe('bin');
  });
});

describe('Content-Disposition', () => {
  it('gives an ASCII fallback and the UTF-8 name (RFC 6266, RFC 8187)', () => {
    expect(contentDisposition('Export ABC – Stavba Žilina 2026-11-21.zip')).toBe(
      `attachment; filename="Export ABC _ Stavba Zilina 2026-11-21.zip"; ` +
        `filename*=UTF-8''Export%20ABC%20%E2%80%93%20Stavba%20%C5%BDilina%202026-11-21.zip`,
    );
    expect(asciiFallback('a"b\\c%d\r\ne')).toBe('a_b_c_d__e');
    expect(encodeRfc8187("it's (1)*")).toBe('it%27s%20%281%29%2A');
  });

  it('decodes back to the original name, whatever it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (name) => {
        const header = contentDisposition(name);
        const encoded = /filename\*=UTF-8''(.*)$/.exec(header)?.[1] ?? '';
        expect(encoded).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]*$/);
        expect(decodeURIComponent(encoded)).toBe(name);
        expect(/filename="([^"]*)"/.exec(header)?.[1]).toMatch(/^[\x20-\x7e]*$/);
      }),
    );
  });
});

describe('export texts', () => {
  it('names filters one per line, and says when there are none', () => {
    expect(exportName({}, undefined)).toBe('Všetky fotografie a videá');
    expect(
      exportName(
        { search: 'novák', dateTo: '2026-11-30', siteId: 3, siteDate: '2026-11-05' },
        { code: 'A', name: 'B' },
      ),
    ).toBe('Hľadať: novák<br>Do: 30. 11. 2026<br>Site: A – B<br>Dátum: 5. 11. 2026');
  });

  it('writes sizes and counts the Slovak way', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1500)).toBe('1,5 kB');
    expect(formatBytes(2_147_483_648)).toBe('2,1 GB');
    expect(completedMessage(1, 2000)).toBe('Hotovo: 1 súbor, 2 kB.');
    expect(completedMessage(3, 2000)).toBe('Hotovo: 3 súbory, 2 kB.');
    expect(completedMessage(5, 2000)).toBe('Hotovo: 5 súborov, 2 kB.');
    expect(progressMessage(2, 10, 3_000_000, 9_000_000)).toBe('Spracované súbory: 2 z 10 (3 MB z 9 MB)');
  });
});
