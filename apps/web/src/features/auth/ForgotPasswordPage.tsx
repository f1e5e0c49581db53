import { authEndpoints } from '@app/contract/web';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { PublicLayout } from '../../app/public/PublicLayout.tsx';
import { sk } from '../../i18n/sk.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { validateEmail } from '../../lib/validation.ts';

/** Spec §2 /forgot-password-request: the form, then the confirmation in its place. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailError = touched ? validateEmail(email) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (validateEmail(email)) return;
    setBusy(true);
    setFailure(null);
    try {
      await api(authEndpoints.requestReset, { body: { value: email.trim() } });
      setSent(true);
    } catch (err) {
      setFailure(errorMessage(err, sk.common.unexpectedError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout title={sk.forgotPassword.title}>
      {sent ? (
        <p className="text-success" role="status">
          {sk.forgotPassword.sent}
        </p>
      ) : (
        <Form noValidate onSubmit={submit}>
          <p className="text-body-secondary">{sk.forgotPassword.intro}</p>
          {failure ? <p className="text-danger">{failure}</p> : null}
          <Form.Group className="mb-3" controlId="forgot-email">
            <Form.Label>{sk.login.email}</Form.Label>
            <Form.Control
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              isInvalid={!!emailError}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{emailError}</Form.Control.Feedback>
          </Form.Group>
          <Button type="submit" className="w-100 mb-3" disabled={busy}>
            {sk.forgotPassword.submit}
          </Button>
        </Form>
      )}
      <div className="text-center">
        <Link to="/">{sk.common.backToLogin}</Link>
      </div>
    </PublicLayout>
  );
}
