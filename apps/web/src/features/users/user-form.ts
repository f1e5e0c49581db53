import type { Authority, UserCreateBody, UserDetail, UserUpdateBody } from '@app/contract/web';

export type UserFormMode = 'create' | 'edit';

/** Spec §3 User detail plus the form-only flags changePasswordAfterLogin and sendAuthorizationEmail. */
export type UserForm = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  changePasswordAfterLogin: boolean;
  admin: boolean;
  active: boolean;
  permissions: Authority[];
  sendAuthorizationEmail: boolean;
};

export const emptyUserForm = (): UserForm => ({
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  changePasswordAfterLogin: false,
  admin: false,
  active: true,
  permissions: [],
  sendAuthorizationEmail: false,
});

export const formFromDetail = (d: UserDetail): UserForm => ({
  ...emptyUserForm(),
  firstName: d.firstName,
  lastName: d.lastName,
  email: d.email,
  admin: d.admin,
  active: d.active,
  permissions: [...d.permissions],
});

/** Spec §5: the sendAuthorizationEmail checkbox appears only when creating. */
export const showsSendEmail = (mode: UserFormMode) => mode === 'create';

/** Spec §5: the password field is hidden while 'send authorization email' is ticked. */
export const showsPassword = (form: UserForm, mode: UserFormMode) =>
  !(showsSendEmail(mode) && form.sendAuthorizationEmail);

/** Spec §5: the permission list shows only when the admin box is not ticked. */
export const showsPermissions = (form: UserForm) => !form.admin;

/**
 * On create the password is required unless an activation e-mail goes out; on edit an empty
 * password keeps the current one (design §4), so re-saving a user never forces a new password.
 */
export const passwordRequired = (form: UserForm, mode: UserFormMode) =>
  mode === 'create' && showsPassword(form, mode);

export function togglePermission(list: readonly Authority[], id: Authority, on: boolean): Authority[] {
  const without = list.filter((p) => p !== id);
  return on ? [...without, id] : without;
}

/**
 * The request body (spec §5): `active` is always sent, false when unticked; permissions are always
 * an array; no password when the activation e-mail is sent.
 */
export function createPayload(form: UserForm): UserCreateBody {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    admin: form.admin,
    active: form.active === true,
    permissions: Array.isArray(form.permissions) ? [...form.permissions] : [],
    sendAuthorizationEmail: form.sendAuthorizationEmail,
    changePasswordAfterLogin: form.sendAuthorizationEmail ? false : form.changePasswordAfterLogin,
    ...(form.sendAuthorizationEmail ? {} : { password: form.password }),
  };
}

export function updatePayload(form: UserForm): UserUpdateBody {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    admin: form.admin,
    active: form.active === true,
    permissions: Array.isArray(form.permissions) ? [...form.permissions] : [],
    changePasswordAfterLogin: form.changePasswordAfterLogin,
    ...(form.password ? { password: form.password } : {}),
  };
}
