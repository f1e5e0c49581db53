import { PASSWORD_MAX_LENGTH, PASSWORD_PATTERN } from '@app/contract/web';
import { sk } from '../i18n/sk.ts';

// A general e-mail shape: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5 login and forgot-password e-mail: null when valid, else the message to show. */
export function validateEmail(value: string): string | null {
  const v = value.trim();
  if (!v) return sk.validation.emailRequired;
  if (!EMAIL_PATTERN.test(v)) return sk.validation.emailInvalid;
  return null;
}

export function isStrongPassword(value: string): boolean {
  return value.length <= PASSWORD_MAX_LENGTH && PASSWORD_PATTERN.test(value);
}

/**
 * The same rule as the `pattern` attribute of password inputs, so the browser reports it natively
 * (spec §5: the browser's own validity message). The attribute is anchored by the browser.
 */
export const PASSWORD_INPUT_PATTERN = PASSWORD_PATTERN.source.replace(/^\^/, '').replace(/\$$/, '');

/** Spec §5: null when the repeat matches, else 'Heslá sa nezhodujú'. */
export function passwordMismatch(password: string, repeat: string): string | null {
  return password === repeat ? null : sk.validation.passwordMismatch;
}
