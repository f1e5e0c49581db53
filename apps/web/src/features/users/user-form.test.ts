import { describe, expect, test } from 'vitest';
import {
  createPayload,
  emptyUserForm,
  formFromDetail,
  passwordRequired,
  showsPassword,
  showsPermissions,
  showsSendEmail,
  togglePermission,
  updatePayload,
} from './user-form.ts';

describe('user form rules (spec §5)', () => {
  test('the send-activation checkbox exists only when creating, and hides the password', () => {
    const form = { ...emptyUserForm(), sendAuthorizationEmail: true };
    expect(showsSendEmail('create')).toBe(true);
    expect(showsSendEmail('edit')).toBe(false);
    expect(showsPassword(form, 'create')).toBe(false);
    expect(showsPassword({ ...form, sendAuthorizationEmail: false }, 'create')).toBe(true);
    expect(showsPassword(form, 'edit')).toBe(true);
  });

  test('the password is required when creating without an activation e-mail; empty keeps it on edit', () => {
    expect(passwordRequired(emptyUserForm(), 'create')).toBe(true);
    expect(passwordRequired({ ...emptyUserForm(), sendAuthorizationEmail: true }, 'create')).toBe(false);
    expect(passwordRequired(emptyUserForm(), 'edit')).toBe(false);
  });

  test('permissions are hidden for admins', () => {
    expect(showsPermissions(emptyUserForm())).toBe(true);
    expect(showsPermissions({ ...emptyUserForm(), admin: true })).toBe(false);
  });

  test('create payload: active false is sent, permissions always an array, no password with the activation e-mail', () => {
    const body = createPayload({
      ...emptyUserForm(),
      firstName: ' Jana ',
      lastName: 'Nová',
      email: 'jana@firma.sk',
      active: false,
      sendAuthorizationEmail: true,
      password: 'ignored1A',
      changePasswordAfterLogin: true,
    });
    expect(body).toEqual({
      firstName: 'Jana',
      lastName: 'Nová',
      email: 'jana@firma.sk',
      admin: false,
      active: false,
      permissions: [],
      sendAuthorizationEmail: true,
      changePasswordAfterLogin: false,
    });
    expect('password' in body).toBe(false);
    const withPassword = createPayload({
      ...emptyUserForm(),
      password: 'Heslo123',
      permissions: ['ADD_PHOTOS'],
    });
    expect(withPassword.password).toBe('Heslo123');
    expect(withPassword.permissions).toEqual(['ADD_PHOTOS']);
    expect(withPassword.active).toBe(true);
  });

  test('update payload: no sendAuthorizationEmail, password only when typed', () => {
    const form = formFromDetail({
      id: 3,
      firstName: 'Ján',
      lastName: 'Starý',
      email: 'jan@firma.sk',
      admin: false,
      active: true,
      status: 'ACTIVE',
      permissions: ['MANAGE_SITES'],
    });
    const body = updatePayload({ ...form, active: false });
    expect(body).toEqual({
      firstName: 'Ján',
      lastName: 'Starý',
      email: 'jan@firma.sk',
      admin: false,
      active: false,
      permissions: ['MANAGE_SITES'],
      changePasswordAfterLogin: false,
    });
    expect(updatePayload({ ...form, password: 'Nove1234' }).password).toBe('Nove1234');
  });

  test('toggling a permission adds or removes it once', () => {
    expect(togglePermission(['ADD_PHOTOS'], 'MANAGE_SITES', true)).toEqual(['ADD_PHOTOS', 'MANAGE_SITES']);
    expect(togglePermission(['ADD_PHOTOS', 'MANAGE_SITES'], 'ADD_PHOTOS', false)).toEqual(['MANAGE_SITES']);
    expect(togglePermission(['ADD_PHOTOS'], 'ADD_PHOTOS', true)).toEqual(['ADD_PHOTOS']);
  });
});
