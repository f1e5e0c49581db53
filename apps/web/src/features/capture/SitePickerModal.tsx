import { type SiteOption, siteEndpoints } from '@app/contract/web';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { AsyncSelect } from '../../components/AsyncSelect.tsx';
import { modalAnimation } from '../../components/modal-animation.ts';
import { sk } from '../../i18n/sk.ts';
import { api } from '../../lib/api.ts';
import { formatDistance } from './device.ts';
import type { Coords } from './use-device-location.ts';

type Props = {
  show: boolean;
  location: Coords | null;
  onClose: () => void;
  /** Resolves true when the item was assigned (the modal then closes). */
  onConfirm: (siteId: number | undefined) => Promise<boolean>;
};

/** Spec §9: the search waits for a 250 ms pause in typing. */
const DEBOUNCE_MS = 250;
const t = sk.capture.picker;

/** Loads picker options: nearest first when the device location is known (the server sorts). */
function siteLoader(location: Coords | null) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const query = (search: string) => ({
    search: search.trim() || undefined,
    // Five decimals are about a metre: plenty for "nearest", and a tidy, cacheable URL.
    lat: location ? Number(location.lat.toFixed(5)) : undefined,
    lng: location ? Number(location.lng.toFixed(5)) : undefined,
  });
  return (search: string): Promise<SiteOption[]> => {
    clearTimeout(timer);
    const load = () => api(siteEndpoints.select, { query: query(search) }).then((r) => r.data);
    if (!search) return load();
    return new Promise((resolve, reject) => {
      timer = setTimeout(() => load().then(resolve, reject), DEBOUNCE_MS);
    });
  };
}

function OptionLabel({ option }: { option: SiteOption }) {
  const d = option.distanceMeters === undefined ? null : formatDistance(option.distanceMeters);
  return (
    <span className="d-flex justify-content-between gap-2">
      <span>{option.label}</span>
      {d && (
        <span className="site-option-distance">
          {d.unit === 'm' ? t.metres(Number(d.value)) : t.kilometres(d.value)}
        </span>
      )}
    </span>
  );
}

/** Spec §2 'Vyber Site': the async site dropdown with Zavrieť and Potvrdiť. */
export function SitePickerModal({ show, location, onClose, onConfirm }: Props) {
  const [site, setSite] = useState<SiteOption | null>(null);
  const [busy, setBusy] = useState(false);
  const loadOptions = useMemo(() => siteLoader(location), [location]);

  const confirm = async () => {
    setBusy(true);
    try {
      if (await onConfirm(site?.value)) setSite(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      show={show}
      onHide={onClose}
      centered
      animation={modalAnimation()}
      aria-labelledby="site-picker-title"
    >
      <Modal.Header>
        <Modal.Title id="site-picker-title" as="h2" className="h5">
          {t.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="site-picker-body">
        <label htmlFor="site-picker-input" className="visually-hidden">
          {t.label}
        </label>
        <AsyncSelect<SiteOption>
          // A position that arrives later asks again, so the nearest sites come first.
          key={location ? `${location.lat},${location.lng}` : 'anywhere'}
          inputId="site-picker-input"
          loadOptions={loadOptions}
          value={site}
          onChange={setSite}
          placeholder={t.placeholder}
          noOptionsText={t.noOptions}
          loadingText={t.loading}
          getOptionValue={(o) => String(o.value)}
          getOptionLabel={(o) => o.label}
          formatOptionLabel={(o) => <OptionLabel option={o} />}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
        <Button variant="primary" onClick={() => void confirm()} disabled={busy}>
          {t.confirm}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
