import { authEndpoints } from '@app/contract/web';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { PublicLayout } from '../../app/public/PublicLayout.tsx';
import { useSession } from '../../app/session.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { sk } from '../../i18n/sk.ts';
import { ApiError, api } from '../../lib/api.ts';
import { validateEmail } from '../../lib/validation.ts';

/** Spec §2 login form. */
export default function LoginPage() {
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [touched, setTouched] = useState(false);
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
      const res = await api(authEndpoints.authenticate, {
        body: { username: email.trim(), password, ...(remember ? { 'remember-me': 'on' } : {}) },
      });
      signIn(res.data);
    } catch (err) {
      // A 401 is always 'wrong credentials'; anything else (429 too many attempts, offline) says why.
      setFailure(err instanceof ApiError && err.status !== 401 ? err.message : sk.login.failed);
      setBusy(false);
    }
  };

  return (
    <PublicLayout title={sk.login.title}>
      {failure ? (
        <Alert variant="danger" className="py-2">
          {failure}
        </Alert>
      ) : null}
      <Form noValidate onSubmit={submit}>
        <Form.Group className="mb-3" controlId="login-email">
          <Form.Label>{sk.login.email}</Form.Label>
          <Form.Control
            type="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            isInvalid={!!emailError}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => email !== '' && setTouched(true)}
          />
          <Form.Control.Feedback type="invalid">{emailError}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="login-password">
          <Form.Label>{sk.login.password}</Form.Label>
          <PasswordInput
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Form.Group>
        <div className="d-flex justify-content-between align-items-center mb-3">
          <Form.Check
            id="login-remember"
            label={sk.login.remember}
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <Link to="/forgot-password-request">{sk.login.forgot}</Link>
        </div>
        <Button type="submit" className="w-100" disabled={busy}>
          {busy ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
          {sk.login.submit}
        </Button>
      </Form>
    </PublicLayout>
  );
}
