import { authEndpoints } from '@app/contract/web';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { PublicLayout } from '../../app/public/PublicLayout.tsx';
import { sk } from '../../i18n/sk.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { NewPasswordFields, type PasswordPair } from './NewPasswordFields.tsx';

/** Spec §2 /change-forgotten-password?code=: a new password from the reset link. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [pair, setPair] = useState<PasswordPair>({ newPassword: '', newPasswordRepeat: '' });
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api(authEndpoints.completeReset, {
        params: { code },
        body: { value: pair.newPassword },
      });
      setResult({ ok: true, message: res.message });
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err, sk.common.unexpectedError) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout title={sk.resetPassword.title}>
      {!code ? (
        <p className="text-danger">{sk.resetPassword.missingCode}</p>
      ) : result?.ok ? (
        <p className="text-success" role="status">
          {result.message}
        </p>
      ) : (
        <Form onSubmit={submit}>
          {result ? (
            <p className="text-danger" role="alert">
              {result.message}
            </p>
          ) : null}
          <NewPasswordFields value={pair} onChange={setPair} idPrefix="reset" />
          <Button type="submit" className="w-100 mb-3" disabled={busy}>
            {sk.password.submit}
          </Button>
        </Form>
      )}
      <div className="text-center">
        <Link to="/">{sk.common.backToLogin}</Link>
      </div>
    </PublicLayout>
  );
}
