import { authEndpoints } from '@app/contract/web';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useSearchParams } from 'react-router';
import { PublicLayout } from '../../app/public/PublicLayout.tsx';
import { sk } from '../../i18n/sk.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { NewPasswordFields, type PasswordPair } from './NewPasswordFields.tsx';

type State =
  | { step: 'checking' }
  | { step: 'invalid'; message: string }
  | { step: 'form'; failure?: string }
  | { step: 'done' };

/** Spec §2 /verification?code=: checking, then error or the password form, then done. */
export default function VerificationPage() {
  const [params] = useSearchParams();
  const hash = params.get('code') ?? '';
  const [state, setState] = useState<State>({ step: 'checking' });
  const [pair, setPair] = useState<PasswordPair>({ newPassword: '', newPasswordRepeat: '' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api(authEndpoints.verification, { query: { hash } })
      .then(() => live && setState({ step: 'form' }))
      .catch(
        (err) => live && setState({ step: 'invalid', message: errorMessage(err, sk.verification.expired) }),
      );
    return () => {
      live = false;
    };
  }, [hash]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await api(authEndpoints.finishVerification, { body: { newPassword: pair.newPassword, hash } });
      setState({ step: 'done' });
    } catch {
      setState({ step: 'form', failure: sk.verification.expired });
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <div className="text-center">
      <Link to="/">{sk.common.backToLogin}</Link>
    </div>
  );
  return (
    <PublicLayout title={sk.verification.title}>
      {state.step === 'checking' ? (
        <div className="text-center py-3" role="status">
          <Spinner aria-hidden="true" />
          <p className="mt-2 mb-0">{sk.verification.checking}</p>
        </div>
      ) : null}
      {state.step === 'invalid' ? (
        <>
          <p className="text-danger" role="alert">
            {state.message}
          </p>
          {back}
        </>
      ) : null}
      {state.step === 'form' ? (
        <Form onSubmit={submit}>
          <p>{sk.verification.prompt}</p>
          {state.failure ? (
            <p className="text-danger" role="alert">
              {state.failure}
            </p>
          ) : null}
          <NewPasswordFields
            value={pair}
            onChange={setPair}
            idPrefix="verification"
            label={sk.login.password}
            repeatLabel={sk.verification.repeat}
          />
          <Button type="submit" className="w-100 mb-3" disabled={busy}>
            {sk.password.submit}
          </Button>
          {back}
        </Form>
      ) : null}
      {state.step === 'done' ? (
        <>
          <p className="text-success" role="status">
            {sk.verification.done}
          </p>
          {back}
        </>
      ) : null}
    </PublicLayout>
  );
}
