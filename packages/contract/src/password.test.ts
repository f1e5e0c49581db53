import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStrongPassword, PASSWORD_HINT, PASSWORD_MAX_LENGTH } from './limits.ts';
import { passwordSchema } from './password.ts';

/**
 * The rule as spec §5 words it, written independently of the implementation's regex: at least
 * 8 characters, with a lowercase letter, an uppercase letter and a digit. The upper bound is the
 * implementation's own documented cap (argon2 cost), not a spec rule.
 */
function oracle(password: string): boolean {
  const chars = [...password];
  const has = (from: string, to: string) => chars.some((c) => c >= from && c <= to && c.length === 1);
  return (
    chars.length >= 8 &&
    password.length <= PASSWORD_MAX_LENGTH &&
    has('a', 'z') &&
    has('A', 'Z') &&
    has('0', '9')
  );
}

const interesting = fc.constantFrom(
  'a',
  'Z',
  '5',
  ' ',
  '\n',
  '\t',
  'á',
  'Ž',
  'ß',
  '٣', // an Arabic-Indic digit: not an ASCII digit
  'Ａ', // a full-width capital: not an ASCII capital
  '😀',
  '\u0301',
);
const passwordLike = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.array(fc.oneof(interesting, fc.string({ maxLength: 3 })), { maxLength: 14 }).map((a) => a.join('')),
  fc.string({ minLength: 250, maxLength: 262 }).map((s) => `Aa1${s}`),
);

describe('password rule (property)', () => {
  it('isStrongPassword agrees with the spec-level oracle', () => {
    fc.assert(
      fc.property(passwordLike, (p) => isStrongPassword(p) === oracle(p)),
      { numRuns: 3000 },
    );
  });

  it('the zod schema accepts exactly what isStrongPassword accepts, and says the hint otherwise', () => {
    fc.assert(
      fc.property(passwordLike, (p) => {
        const r = passwordSchema.safeParse(p);
        if (r.success !== isStrongPassword(p)) return false;
        return r.success || r.error.issues.some((i) => i.message === PASSWORD_HINT || /dlhé/.test(i.message));
      }),
      { numRuns: 1000 },
    );
  });

  it('any string of 8+ characters holding the three kinds passes, wherever they are', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 5, maxLength: 40 }),
        fc.constantFrom('a', 'q', 'z'),
        fc.constantFrom('A', 'M', 'Z'),
        fc.constantFrom('0', '5', '9'),
        fc.nat(),
        (rest, lower, upper, digit, seed) => {
          const chars = [...rest];
          for (const c of [lower, upper, digit]) chars.splice(seed % (chars.length + 1), 0, c);
          return isStrongPassword(chars.join(''));
        },
      ),
    );
  });

  it('has the examples of spec §5', () => {
    expect(isStrongPassword('Heslo123')).toBe(true);
    expect(isStrongPassword('Heslo12')).toBe(false);
    expect(isStrongPassword('heslo123')).toBe(false);
    expect(isStrongPassword('HESLO123')).toBe(false);
    expect(isStrongPassword('HesloHeslo')).toBe(false);
    expect(isStrongPassword('Heslo\n123')).toBe(true);
  });
});
