import { z } from 'zod';
import { emailSchema } from './auth.ts';
import {
  authoritySchema,
  dataOf,
  defineEndpoints,
  idParam,
  messageBody,
  pageOf,
  pageQuery,
} from './common.ts';
import { passwordSchema } from './password.ts';
import { userRoutes } from './users.routes.ts';

export const USER_STATUSES = ['ACTIVE', 'EMAIL_VERIFICATION'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);

export const userRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  admin: z.boolean(),
  status: userStatusSchema,
  permissions: z.array(z.string()),
});
export type UserRow = z.infer<typeof userRow>;

export const userDetail = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  admin: z.boolean(),
  active: z.boolean(),
  status: userStatusSchema,
  permissions: z.array(authoritySchema),
});
export type UserDetail = z.infer<typeof userDetail>;

const name = (label: string) =>
  z
    .string({ error: `${label} je povinné` })
    .trim()
    .min(1, { error: `${label} je povinné` })
    .max(100, { error: `${label} je príliš dlhé` });

const userFields = {
  firstName: name('Meno'),
  lastName: name('Priezvisko'),
  email: emailSchema,
  admin: z.boolean().default(false),
  active: z.boolean().default(true),
  permissions: z.array(authoritySchema).max(20).default([]),
  changePasswordAfterLogin: z.boolean().default(false),
};

export const userCreateBody = z
  .object({
    ...userFields,
    password: z.union([passwordSchema, z.literal(''), z.null()]).optional(),
    sendAuthorizationEmail: z.boolean().default(false),
  })
  .refine((b) => b.sendAuthorizationEmail || (typeof b.password === 'string' && b.password.length > 0), {
    path: ['password'],
    error: 'Heslo je povinné, ak sa neposiela aktivačný e-mail',
  });
export type UserCreateBody = z.input<typeof userCreateBody>;

export const userUpdateBody = z.object({
  ...userFields,
  /** Empty or absent keeps the current password. */
  password: z.union([passwordSchema, z.literal(''), z.null()]).optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBody>;

export const permission = z.object({ id: authoritySchema, name: z.string() });
export type Permission = z.infer<typeof permission>;

export const resendQuery = z.object({ email: emailSchema });

export const userEndpoints = defineEndpoints({
  table: {
    ...userRoutes.table,
    summary: 'Users, searchable (accent- and case-insensitive)',
    query: pageQuery,
    response: dataOf(pageOf(userRow)),
  },
  detail: {
    ...userRoutes.detail,
    summary: 'One user for the edit form',
    params: idParam,
    response: dataOf(userDetail),
  },
  create: {
    ...userRoutes.create,
    summary: 'Create a user, with a password or an activation e-mail',
    body: userCreateBody,
    response: dataOf(userDetail),
  },
  update: {
    ...userRoutes.update,
    summary: 'Update a user',
    params: idParam,
    body: userUpdateBody,
    response: dataOf(userDetail),
  },
  resendVerification: {
    ...userRoutes.resendVerification,
    summary: 'Send a new activation link; the old one stops working',
    query: resendQuery,
    response: messageBody,
  },
  deactivate: {
    ...userRoutes.deactivate,
    summary: 'Deactivate a user and end their sessions',
    params: idParam,
    response: messageBody,
  },
  permissions: {
    ...userRoutes.permissions,
    summary: 'Every permission with its Slovak label',
    response: dataOf(z.array(permission)),
  },
});
