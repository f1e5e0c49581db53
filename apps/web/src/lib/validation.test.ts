import { describe, expect, test } from 'vitest';
import { isStrongPassword, PASSWORD_INPUT_PATTERN, passwordMismatch, validateEmail } from './validation.ts';

describe('form validation rules (spec §5)', () => {
  test('e-mail: required, then a general e-mail pattern', () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('   ')).toBe('Email is required');
    for (const bad of ['jana', 'jana@', '@firma.sk', 'jana@firma', 'ja na@firma.sk']) {
      expect(validateEmail(bad)).toBe('Invalid email address');
    }
    expect(validateEmail('jana.nova@firma.sk')).toBeNull();
    expect(validateEmail(' jana@firma.sk ')).toBeNull();
  });

  test('password: at least 8 characters with a lowercase, an uppercase letter and a digit', () => {
    expect(isStrongPassword('Heslo123')).toBe(true);
    expect(isStrongPassword('Hes1o12')).toBe(false);
    expect(isStrongPassword('heslo123')).toBe(false);
    expect(isStrongPassword('HESLO123')).toBe(false);
    expect(isStrongPassword('HesloHeslo')).toBe(false);
    expect(isStrongPassword(`Aa1${'x'.repeat(300)}`)).toBe(false);
  });

  test('the input pattern the browser checks is the same rule', () => {
    const asBrowser = new RegExp(`^(?:${PASSWORD_INPUT_PATTERN})$`, 'v');
    for (const value of ['Heslo123', 'Hes1o12', 'heslo123', 'HESLO123', 'Abcdefg1', 'ľúbHESLO9']) {
      expect(asBrowser.test(value)).toBe(isStrongPassword(value));
    }
  });

  test('new password and repeat must match', () => {
    expect(passwordMismatch('Heslo123', 'Heslo123')).toBeNull();
    expect(passwordMismatch('Heslo123', 'Heslo124')).toBe('Heslá sa nezhodujú');
  });
});
