import { z } from 'zod';
import { authRoutes } from './auth.routes.ts';
import { authoritySchema, dataOf, defineEndpoints, messageBody } from './common.ts';
import { PASSWORD_MAX_LENGTH } from './limits.ts';
import { passwordSchema } from './password.ts';

export const emailSchema = z
  .string({ error: 'E-mail je povinný' })
  .trim()
  .min(1, { error: 'E-mail je povinný' })
  .max(254, { error: 'E-mail je príliš dlhý' })
  // The browser's own rule for <input type="email">: it accepts admin@localhost, the first admin's default.
  .email({ pattern: z.regexes.html5Email, error: 'Neplatná e-mailová adresa' });

export const currentUser = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  admin: z.boolean(),
  authorities: z.array(authoritySchema),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const authCheckUser = currentUser.extend({ changePassword: z.boolean() });
export type AuthCheckUser = z.infer<typeof authCheckUser>;

export const authenticateBody = z.object({
  username: z.string({ error: 'E-mail je povinný' }).max(254),
  password: z.string({ error: 'Heslo je povinné' }).max(PASSWORD_MAX_LENGTH),
  'remember-me': z.string().max(10).optional(),
});

export const valueBody = <T extends z.ZodTypeAny>(value: T) => z.object({ value });

export const changePasswordBody = z
  .object({
    oldPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    newPassword: passwordSchema,
    newPasswordRepeat: z.string({ error: 'Zopakujte heslo' }).max(PASSWORD_MAX_LENGTH),
  })
  .refine((b) => b.newPassword === b.newPasswordRepeat, {
    path: ['newPasswordRepeat'],
    error: 'Heslá sa nezhodujú',
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const codeParam = z.object({ code: z.string().min(1).max(200) });
export const verificationQuery = z.object({ hash: z.string({ error: 'Chýba kód' }).min(1).max(200) });
export const finishVerificationBody = z.object({
  newPassword: passwordSchema,
  hash: z.string().min(1).max(200),
});

export const healthBody = dataOf(z.object({ status: z.literal('ok'), db: z.literal('ok') }));

export const authEndpoints = defineEndpoints({
  authenticate: {
    ...authRoutes.authenticate,
    summary: 'Sign in (form-encoded)',
    body: authenticateBody,
    response: dataOf(authCheckUser),
  },
  authCheck: {
    ...authRoutes.authCheck,
    summary: 'The signed-in user and whether a password change is forced',
    response: dataOf(authCheckUser),
  },
  logout: {
    ...authRoutes.logout,
    summary: 'End the session',
    response: messageBody,
  },
  requestReset: {
    ...authRoutes.requestReset,
    summary: 'Mail a password reset link (same answer whether the account exists or not)',
    body: valueBody(emailSchema),
    response: messageBody,
  },
  completeReset: {
    ...authRoutes.completeReset,
    summary: 'Set a new password from a reset link',
    params: codeParam,
    body: valueBody(passwordSchema),
    response: messageBody,
  },
  verification: {
    ...authRoutes.verification,
    summary: 'Check an activation link',
    query: verificationQuery,
    response: messageBody,
  },
  finishVerification: {
    ...authRoutes.finishVerification,
    summary: 'Activate an account by setting its password',
    body: finishVerificationBody,
    response: messageBody,
  },
  changePassword: {
    ...authRoutes.changePassword,
    summary: 'Change the own password',
    body: changePasswordBody,
    response: messageBody,
  },
  health: {
    ...authRoutes.health,
    summary: 'Liveness and database check',
    response: healthBody,
  },
});
