import { expect, test } from 'vitest';
import { hasAnyAuthority, hasAuthority, meets } from './permissions.ts';

const user = { authorities: ['ADD_PHOTOS', 'MANAGE_USERS'] };

test('a check passes when nothing is required or the user holds it (spec §6)', () => {
  expect(hasAuthority(user, undefined)).toBe(true);
  expect(hasAuthority(null, undefined)).toBe(true);
  expect(hasAuthority(user, 'ADD_PHOTOS')).toBe(true);
  expect(hasAuthority(user, 'MANAGE_SITES')).toBe(false);
  expect(hasAuthority(null, 'ADD_PHOTOS')).toBe(false);
});

test('a list check passes when the list is empty or any entry is held', () => {
  expect(hasAnyAuthority(user, [])).toBe(true);
  expect(hasAnyAuthority(user, ['MANAGE_SITES', 'MANAGE_USERS'])).toBe(true);
  expect(hasAnyAuthority(user, ['MANAGE_SITES', 'EXPORT_GALLERY'])).toBe(false);
  expect(meets(user, ['MANAGE_SITES', 'ADD_PHOTOS'])).toBe(true);
  expect(meets(user, 'EXPORT_GALLERY')).toBe(false);
  expect(meets(user, undefined)).toBe(true);
});
