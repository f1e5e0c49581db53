import { z } from 'zod';
import { PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_PATTERN } from './limits.ts';

export const passwordSchema = z
  .string({ error: 'Heslo je povinné' })
  .max(PASSWORD_MAX_LENGTH, { error: 'Heslo je príliš dlhé' })
  .regex(PASSWORD_PATTERN, { error: PASSWORD_HINT });
