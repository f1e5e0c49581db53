import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../db/database.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';

/** Slovak letters with diacritics and their plain forms: the oracle, written out by hand. */
const SLOVAK: Record<string, string> = {
  á: 'a',
  ä: 'a',
  č: 'c',
  ď: 'd',
  é: 'e',
  í: 'i',
  ĺ: 'l',
  ľ: 'l',
  ň: 'n',
  ó: 'o',
  ô: 'o',
  ŕ: 'r',
  š: 's',
  ť: 't',
  ú: 'u',
  ý: 'y',
  ž: 'z',
};
const plain = (s: string) => [...s.toLowerCase()].map((c) => SLOVAK[c] ?? c).join('');

const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz', ...Object.keys(SLOVAK));
/** A Slovak-ish name: a capital, then lower-case letters, accents anywhere. */
const name = fc
  .array(letter, { minLength: 2, maxLength: 10 })
  .map((cs) => cs.join(''))
  .map((s) => s.charAt(0).toUpperCase() + s.slice(1));
/** The same text typed any which way: NFC or NFD, upper or lower case per letter. */
const retyped = (s: string, seed: number[]) =>
  [...s]
    .map((c, i) => ((seed[i % seed.length] ?? 0) % 2 ? c.toUpperCase() : c))
    .join('')
    .normalize((seed[0] ?? 0) % 3 === 0 ? 'NFD' : 'NFC');

describe('accent- and case-insensitive search (property)', () => {
  it('fold removes Slovak accents and case exactly as the oracle does', () => {
    fc.assert(
      fc.property(name, fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), (n, seed) => {
        const f = fold(retyped(n, seed));
        return f === plain(n) && fold(f) === f && /^[a-z]*$/.test(f);
      }),
      { numRuns: 2000 },
    );
  });

  it('a fold of a part is a part of the fold (what makes substring search work)', () => {
    fc.assert(
      fc.property(name, name, fc.nat(), fc.nat(), (first, last, a, b) => {
        const full = `${first} ${last}`;
        const from = a % full.length;
        const part = full.slice(from, from + 1 + (b % (full.length - from)));
        return fold(full).includes(fold(part.toUpperCase()));
      }),
      { numRuns: 2000 },
    );
  });

  describe('over HTTP', () => {
    let server: TestServer;
    let admin: HttpClient;
    beforeAll(async () => {
      server = await startServer();
      admin = await server.admin();
    });
    afterAll(() => server.close());

    it('finds a user with a random accented name by an unaccented, upper-cased part of it', async () => {
      let n = 0;
      await fc.assert(
        fc.asyncProperty(name, name, fc.nat(), fc.nat(), async (firstName, lastName, a, b) => {
          const email = `hladany${++n}-${Date.now()}@test.sk`;
          const created = await admin.post('/apis/api/v1/user/create', {
            firstName,
            lastName,
            email,
            password: 'Heslo123',
            permissions: [],
          });
          expect(created.status).toBe(200);
          const full = `${firstName} ${lastName}`;
          const from = a % full.length;
          const part = full.slice(from, from + 3 + (b % 5));
          const term = plain(part).toUpperCase();
          const res = await admin.get('/apis/api/v1/user/table', { query: { search: term, size: 100 } });
          expect(res.status).toBe(200);
          const emails = res.body.data.content.map((r: { email: string }) => r.email);
          expect(emails, `"${term}" in "${full}"`).toContain(email);
        }),
        { numRuns: 8 },
      );
    });
  });
});
