import { useEffect, useRef } from 'react';
import Form from 'react-bootstrap/Form';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { sk } from '../../i18n/sk.ts';
import { PASSWORD_INPUT_PATTERN, passwordMismatch } from '../../lib/validation.ts';

export type PasswordPair = { newPassword: string; newPasswordRepeat: string };

type Props = {
  value: PasswordPair;
  onChange: (value: PasswordPair) => void;
  idPrefix: string;
  label?: string;
  repeatLabel?: string;
  /** Show the mismatch text even before the repeat field was typed in (after a submit attempt). */
  showErrors?: boolean;
};

/**
 * New password and its repeat (spec §5): the browser checks the pattern and reports it natively;
 * a mismatch blocks the form through the repeat field's custom validity and shows 'Heslá sa nezhodujú'.
 */
export function NewPasswordFields({
  value,
  onChange,
  idPrefix,
  label = sk.password.new,
  repeatLabel = sk.password.repeat,
  showErrors,
}: Props) {
  const repeatRef = useRef<HTMLInputElement>(null);
  const mismatch = passwordMismatch(value.newPassword, value.newPasswordRepeat);
  useEffect(() => {
    repeatRef.current?.setCustomValidity(mismatch ?? '');
  }, [mismatch]);
  const showMismatch = !!mismatch && (showErrors || value.newPasswordRepeat !== '');
  return (
    <>
      <Form.Group className="mb-3" controlId={`${idPrefix}-new`}>
        <Form.Label>{label}</Form.Label>
        <PasswordInput
          required
          autoComplete="new-password"
          pattern={PASSWORD_INPUT_PATTERN}
          title={sk.validation.passwordHint}
          aria-describedby={`${idPrefix}-hint`}
          value={value.newPassword}
          onChange={(e) => onChange({ ...value, newPassword: e.target.value })}
        />
        <Form.Text id={`${idPrefix}-hint`} className="d-block">
          {sk.validation.passwordHint}
        </Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${idPrefix}-repeat`}>
        <Form.Label>{repeatLabel}</Form.Label>
        <PasswordInput
          ref={repeatRef}
          required
          autoComplete="new-password"
          isInvalid={showMismatch}
          feedback={showMismatch ? mismatch : null}
          value={value.newPasswordRepeat}
          onChange={(e) => onChange({ ...value, newPasswordRepeat: e.target.value })}
        />
      </Form.Group>
    </>
  );
}
