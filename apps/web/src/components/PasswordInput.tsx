import { type InputHTMLAttributes, type Ref, useState } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { sk } from '../i18n/sk.ts';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size' | 'value'> & {
  value?: string;
  ref?: Ref<HTMLInputElement>;
  isInvalid?: boolean;
  feedback?: string | null;
};

/** A password field with a show/hide toggle. */
export function PasswordInput({ feedback, ...props }: Props) {
  const [visible, setVisible] = useState(false);
  const label = visible ? sk.common.hidePassword : sk.common.showPassword;
  return (
    <InputGroup hasValidation>
      <Form.Control {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="btn btn-outline-secondary password-toggle"
        onClick={() => setVisible((v) => !v)}
        aria-label={label}
        title={label}
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
      {feedback ? <Form.Control.Feedback type="invalid">{feedback}</Form.Control.Feedback> : null}
    </InputGroup>
  );
}
