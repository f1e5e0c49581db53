import { type Authority, userEndpoints } from '@app/contract/web';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { modalAnimation } from '../../components/modal-animation.ts';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { useToasts } from '../../components/Toasts.tsx';
import { sk } from '../../i18n/sk.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { useApi } from '../../lib/swr.ts';
import { PASSWORD_INPUT_PATTERN } from '../../lib/validation.ts';
import {
  createPayload,
  emptyUserForm,
  formFromDetail,
  passwordRequired,
  showsPassword,
  showsPermissions,
  showsSendEmail,
  togglePermission,
  type UserForm,
  updatePayload,
} from './user-form.ts';

type Props = { userId: number | null; onClose: () => void; onSaved: () => void };

/** Spec §2/§5 user form modal: 'Pridať používateľa' or 'Upraviť používateľa'. */
export function UserModal({ userId, onClose, onSaved }: Props) {
  const mode = userId === null ? 'create' : 'edit';
  const toasts = useToasts();
  const detail = useApi(userEndpoints.detail, userId === null ? null : { params: { id: userId } }, {
    revalidateOnFocus: false,
  });
  const permissions = useApi(userEndpoints.permissions, {}, { revalidateOnFocus: false });
  const [form, setForm] = useState<UserForm | null>(userId === null ? emptyUserForm() : null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (detail.data && form === null) setForm(formFromDetail(detail.data.data));
  }, [detail.data, form]);

  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    setBusy(true);
    try {
      if (userId === null) await api(userEndpoints.create, { body: createPayload(form) });
      else await api(userEndpoints.update, { params: { id: userId }, body: updatePayload(form) });
      onSaved();
    } catch (err) {
      toasts.error(
        sk.common.error,
        errorMessage(err, mode === 'create' ? sk.users.createFailed : sk.users.updateFailed),
      );
    } finally {
      setBusy(false);
    }
  };

  const loading = form === null || !permissions.data;
  return (
    <Modal
      animation={modalAnimation()}
      show
      onHide={onClose}
      centered
      size="lg"
      aria-labelledby="user-modal-title"
      backdrop="static"
    >
      <Form onSubmit={submit}>
        <Modal.Header closeButton closeLabel={sk.common.close}>
          <Modal.Title id="user-modal-title" as="h2" className="h5">
            {mode === 'create' ? sk.users.createTitle : sk.users.editTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {loading ? (
            <div className="text-center py-4" role="status">
              <Spinner aria-hidden="true" />
              <span className="visually-hidden">{sk.loading}</span>
            </div>
          ) : (
            <UserFields form={form} mode={mode} permissions={permissions.data?.data ?? []} set={set} />
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {sk.common.close}
          </Button>
          <Button type="submit" disabled={loading || busy}>
            {sk.common.confirm}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

type FieldsProps = {
  form: UserForm;
  mode: 'create' | 'edit';
  permissions: { id: Authority; name: string }[];
  set: <K extends keyof UserForm>(key: K, value: UserForm[K]) => void;
};

function UserFields({ form, mode, permissions, set }: FieldsProps) {
  return (
    <>
      <div className="row g-3 mb-3">
        <Form.Group className="col-sm-6" controlId="user-first-name">
          <Form.Label>{sk.users.firstName}</Form.Label>
          <Form.Control
            required
            maxLength={100}
            value={form.firstName}
            onChange={(e) => set('firstName', e.target.value)}
          />
        </Form.Group>
        <Form.Group className="col-sm-6" controlId="user-last-name">
          <Form.Label>{sk.users.lastName}</Form.Label>
          <Form.Control
            required
            maxLength={100}
            value={form.lastName}
            onChange={(e) => set('lastName', e.target.value)}
          />
        </Form.Group>
      </div>
      <Form.Group className="mb-3" controlId="user-email">
        <Form.Label>{sk.users.email}</Form.Label>
        <Form.Control
          type="email"
          required
          maxLength={254}
          autoComplete="off"
          value={form.email}
          onChange={(e) => set('email', e.target.value)}
        />
      </Form.Group>
      {showsSendEmail(mode) ? (
        <Form.Check
          className="mb-3"
          id="user-send-email"
          label={sk.users.sendAuthorizationEmail}
          checked={form.sendAuthorizationEmail}
          onChange={(e) => set('sendAuthorizationEmail', e.target.checked)}
        />
      ) : null}
      {showsPassword(form, mode) ? (
        <>
          <Form.Group className="mb-3" controlId="user-password">
            <Form.Label>{sk.users.password}</Form.Label>
            <PasswordInput
              required={passwordRequired(form, mode)}
              autoComplete="new-password"
              pattern={PASSWORD_INPUT_PATTERN}
              title={sk.validation.passwordHint}
              aria-describedby="user-password-hint"
              value={form.password}
              onChange={(e) => set('password', e.target.value)}
            />
            <Form.Text id="user-password-hint" className="d-block">
              {sk.validation.passwordHint}
              {mode === 'edit' ? ` ${sk.users.passwordKeep}` : ''}
            </Form.Text>
          </Form.Group>
          <Form.Check
            className="mb-3"
            id="user-change-password"
            label={sk.users.changePasswordAfterLogin}
            checked={form.changePasswordAfterLogin}
            onChange={(e) => set('changePasswordAfterLogin', e.target.checked)}
          />
        </>
      ) : null}
      <div className="d-flex flex-wrap gap-4 mb-3">
        <Form.Check
          id="user-admin"
          label={sk.users.admin}
          checked={form.admin}
          onChange={(e) => set('admin', e.target.checked)}
        />
        <Form.Check
          id="user-active"
          label={sk.users.active}
          checked={form.active}
          onChange={(e) => set('active', e.target.checked)}
        />
      </div>
      {showsPermissions(form) ? (
        <fieldset>
          <legend className="form-label fs-6 fw-semibold">{sk.users.permissionsLegend}</legend>
          <div className="row">
            {permissions.map((p) => (
              <div className="col-sm-6" key={p.id}>
                <Form.Check
                  id={`user-permission-${p.id}`}
                  label={p.name}
                  checked={form.permissions.includes(p.id)}
                  onChange={(e) =>
                    set('permissions', togglePermission(form.permissions, p.id, e.target.checked))
                  }
                />
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}
