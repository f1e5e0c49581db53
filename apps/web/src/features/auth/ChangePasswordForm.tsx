import { authEndpoints } from '@app/contract/web';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { useToasts } from '../../components/Toasts.tsx';
import { sk } from '../../i18n/sk.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { PASSWORD_INPUT_PATTERN } from '../../lib/validation.ts';
import { NewPasswordFields, type PasswordPair } from './NewPasswordFields.tsx';

type Props = { requireOld: boolean; onDone: () => void };

/**
 * Spec §3 Password change payload: the old password only when required (the own-password screen;
 * the forced change after sign-in has none). Success toasts 'Zmena hesla'; failure shows the
 * server's message in red.
 */
export function ChangePasswordForm({ requireOld, onDone }: Props) {
  const toasts = useToasts();
  const [oldPassword, setOldPassword] = useState('');
  const [pair, setPair] = useState<PasswordPair>({ newPassword: '', newPasswordRepeat: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await api(authEndpoints.changePassword, {
        body: { ...(requireOld ? { oldPassword } : {}), ...pair },
      });
      toasts.success(sk.password.changedTitle, sk.password.changedBody);
      setOldPassword('');
      setPair({ newPassword: '', newPasswordRepeat: '' });
      onDone();
    } catch (err) {
      setFailure(errorMessage(err, sk.common.unexpectedError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit}>
      {failure ? (
        <p className="text-danger" role="alert">
          {failure}
        </p>
      ) : null}
      {requireOld ? (
        <Form.Group className="mb-3" controlId="password-old">
          <Form.Label>{sk.password.old}</Form.Label>
          <PasswordInput
            required
            autoComplete="current-password"
            pattern={PASSWORD_INPUT_PATTERN}
            title={sk.validation.passwordHint}
            value={oldPassword}
            onChange={(e) => setOldPassword(e.target.value)}
          />
        </Form.Group>
      ) : null}
      <NewPasswordFields value={pair} onChange={setPair} idPrefix="password" />
      <Button type="submit" className="w-100" disabled={busy}>
        {sk.password.changeSubmit}
      </Button>
    </Form>
  );
}
