import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SiteIcon } from '../../components/icons.tsx';
import { sk } from '../../i18n/sk.ts';
import { fieldErrors, type SiteField, type SiteForm } from './site-form.ts';

type Props = {
  form: SiteForm;
  onChange: (form: SiteForm) => void;
  onPick: () => void;
  showLocationError: boolean;
  /** The server's 409 message while the code is unchanged. */
  codeTaken: string | null;
  showActive: boolean;
};

const LOCATION_ERROR_ID = 'site-location-error';

/** Name, code and coordinates; each field's rule is reported by the browser in Slovak. */
export function SiteFields({ form, onChange, onPick, showLocationError, codeTaken, showActive }: Props) {
  const refs = {
    name: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
    lat: useRef<HTMLInputElement>(null),
    lng: useRef<HTMLInputElement>(null),
  };
  const errors = fieldErrors(form);
  const messages: Record<SiteField, string> = {
    name: errors.name ?? '',
    code: errors.code ?? codeTaken ?? '',
    lat: errors.lat ?? '',
    lng: errors.lng ?? '',
  };

  // Custom validity makes the browser's own report (spec §5) speak Slovak and know the ranges.
  useEffect(() => {
    for (const field of Object.keys(refs) as SiteField[])
      refs[field].current?.setCustomValidity(messages[field]);
  });

  const set = <K extends keyof SiteForm>(key: K, value: SiteForm[K]) => onChange({ ...form, [key]: value });
  const coordinate = (field: 'lat' | 'lng', label: string) => (
    <Form.Group className="col-sm-6" controlId={`site-${field}`}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control
        ref={refs[field]}
        inputMode="decimal"
        autoComplete="off"
        value={form[field]}
        isInvalid={showLocationError || !!errors[field]}
        aria-describedby={showLocationError ? LOCATION_ERROR_ID : undefined}
        onChange={(e) => set(field, e.target.value)}
      />
      {errors[field] ? <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback> : null}
    </Form.Group>
  );

  return (
    <>
      <Form.Group className="mb-3" controlId="site-name">
        <Form.Label>{sk.sites.name}</Form.Label>
        <Form.Control
          ref={refs.name}
          required
          maxLength={200}
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="site-code">
        <Form.Label>{sk.sites.code}</Form.Label>
        <Form.Control
          ref={refs.code}
          required
          maxLength={50}
          autoComplete="off"
          value={form.code}
          isInvalid={!!codeTaken}
          onChange={(e) => set('code', e.target.value)}
        />
        {codeTaken ? <Form.Control.Feedback type="invalid">{codeTaken}</Form.Control.Feedback> : null}
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">{sk.sites.coordinates}</legend>
        <div className="row g-2">
          {coordinate('lat', sk.sites.lat)}
          {coordinate('lng', sk.sites.lng)}
        </div>
        <Button variant="outline-primary" size="sm" className="mt-2" onClick={onPick}>
          <SiteIcon className="me-1" />
          {sk.sites.pickOnMap}
        </Button>
        {showLocationError ? (
          <div id={LOCATION_ERROR_ID} className="invalid-feedback d-block" role="alert">
            {sk.sites.locationRequired}
          </div>
        ) : null}
      </fieldset>
      {showActive ? (
        <Form.Group controlId="site-active">
          <Form.Check
            label={sk.sites.active}
            checked={form.active}
            onChange={(e) => set('active', e.target.checked)}
          />
          <Form.Text>{sk.sites.reactivateHint}</Form.Text>
        </Form.Group>
      ) : null}
    </>
  );
}
