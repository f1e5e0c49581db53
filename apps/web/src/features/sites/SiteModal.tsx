import { siteEndpoints } from '@app/contract/web';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { modalAnimation } from '../../components/modal-animation.ts';
import { useToasts } from '../../components/Toasts.tsx';
import { sk } from '../../i18n/sk.ts';
import { ApiError, api, errorMessage } from '../../lib/api.ts';
import { useApi } from '../../lib/swr.ts';
import { MapPickerModal } from './MapPickerModal.tsx';
import { SiteFields } from './SiteFields.tsx';
import {
  emptySiteForm,
  formFromSite,
  formPoint,
  locationMissing,
  type SiteForm,
  sitePayload,
  withPoint,
} from './site-form.ts';

type Props = { siteId: number | null; onClose: () => void; onSaved: () => void };

/** Spec §2/§5 site form modal: 'Pridať site' or 'Upraviť site', with the 'Pozícia site-u' picker. */
export function SiteModal({ siteId, onClose, onSaved }: Props) {
  const mode = siteId === null ? 'create' : 'edit';
  const toasts = useToasts();
  const detail = useApi(siteEndpoints.detail, siteId === null ? null : { params: { id: siteId } }, {
    revalidateOnFocus: false,
  });
  const [form, setForm] = useState<SiteForm | null>(siteId === null ? emptySiteForm() : null);
  const [loadedActive, setLoadedActive] = useState<boolean | undefined>(undefined);
  const [showLocationError, setShowLocationError] = useState(false);
  const [codeTaken, setCodeTaken] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (form !== null) return;
    if (detail.data) {
      setForm(formFromSite(detail.data.data));
      setLoadedActive(detail.data.data.active);
    } else if (detail.error) {
      // Spec §8: a missing site detail leaves the form empty.
      console.error('Site detail failed', detail.error);
      setForm(emptySiteForm());
    }
  }, [detail.data, detail.error, form]);

  const change = (next: SiteForm) => {
    if (form && next.code !== form.code) setCodeTaken(null);
    if (!locationMissing(next)) setShowLocationError(false);
    setForm(next);
  };

  // The browser has already checked and reported each field (the submit event comes only after).
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form || busy) return;
    if (locationMissing(form)) {
      setShowLocationError(true);
      return;
    }
    setBusy(true);
    try {
      const body = sitePayload(form, loadedActive);
      if (siteId === null) await api(siteEndpoints.create, { body });
      else await api(siteEndpoints.update, { params: { id: siteId }, body });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setCodeTaken(err.message);
      toasts.error(
        sk.common.error,
        errorMessage(err, mode === 'create' ? sk.sites.createFailed : sk.sites.updateFailed),
      );
    } finally {
      setBusy(false);
    }
  };

  if (picking && form)
    return (
      <MapPickerModal
        initial={formPoint(form)}
        onClose={() => setPicking(false)}
        onConfirm={(point) => {
          change(withPoint(form, point));
          setPicking(false);
        }}
      />
    );

  return (
    <Modal
      animation={modalAnimation()}
      show
      onHide={onClose}
      centered
      aria-labelledby="site-modal-title"
      backdrop="static"
    >
      <Form onSubmit={submit}>
        <Modal.Header closeButton closeLabel={sk.common.close}>
          <Modal.Title id="site-modal-title" as="h2" className="h5">
            {mode === 'create' ? sk.sites.createTitle : sk.sites.editTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {form === null ? (
            <div className="text-center py-4" role="status">
              <Spinner aria-hidden="true" />
              <span className="visually-hidden">{sk.loading}</span>
            </div>
          ) : (
            <SiteFields
              form={form}
              onChange={change}
              onPick={() => setPicking(true)}
              showLocationError={showLocationError}
              codeTaken={codeTaken}
              showActive={loadedActive === false}
            />
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {sk.common.close}
          </Button>
          <Button type="submit" disabled={form === null || busy}>
            {sk.common.confirm}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
