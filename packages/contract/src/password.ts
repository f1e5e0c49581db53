import { z } from 'zod';

/**
 * Spec §5: at least 8 characters with a lowercase letter, an uppercase letter and a digit.
 * `s`: any character counts, line breaks too; `u`: characters are code points, as the browser's
 * `pattern` attribute counts them (an emoji is one character, not two).
 */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/su;
export const PASSWORD_HINT =
  'Heslo musí obsahovať minimálne 8 znakov, z toho aspoň jedno veľké písmeno a číslicu';
/** argon2 hashes whatever it is given; a cap keeps a megabyte "password" from costing CPU. */
export const PASSWORD_MAX_LENGTH = 256;

export const isStrongPassword = (value: string): boolean =>
  value.length <= PASSWORD_MAX_LENGTH && PASSWORD_PATTERN.test(value);

export const passwordSchema = z
  .string({ error: 'Heslo je povinné' })
  .max(PASSWORD_MAX_LENGTH, { error: 'Heslo je príliš dlhé' })
  .regex(PASSWORD_PATTERN, { error: PASSWORD_HINT });
