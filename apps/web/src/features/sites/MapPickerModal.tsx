import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { MapView } from '../../components/map/MapView.tsx';
import { DEFAULT_CENTER, DEFAULT_ZOOM, DETAIL_ZOOM, type LatLng } from '../../components/map/map-config.ts';
import { modalAnimation } from '../../components/modal-animation.ts';
import { sk } from '../../i18n/sk.ts';
import { formatCoordinate } from './site-form.ts';

type Props = { initial: LatLng | null; onClose: () => void; onConfirm: (point: LatLng) => void };

/** Spec §9 geolocation: low accuracy, 5000 ms to decide. */
const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 5000 };

type Locating = 'idle' | 'busy' | 'failed';

/**
 * Spec §2/§5 'Pozícia site-u': a click on the map or the device location sets the marker;
 * Potvrdiť stays disabled until there is one. Opens on the site's point, else on the default centre.
 */
export function MapPickerModal({ initial, onClose, onConfirm }: Props) {
  const [marker, setMarker] = useState<LatLng | null>(initial);
  const [view, setView] = useState(() =>
    initial ? { center: initial, zoom: DETAIL_ZOOM } : { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM },
  );
  const [locating, setLocating] = useState<Locating>('idle');

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocating('failed');
      return;
    }
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const point = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        setMarker(point);
        setView({ center: point, zoom: DETAIL_ZOOM });
        setLocating('idle');
      },
      (err) => {
        console.error('Geolocation failed', err);
        setLocating('failed');
      },
      GEO_OPTIONS,
    );
  };

  return (
    <Modal
      animation={modalAnimation()}
      show
      onHide={onClose}
      centered
      size="lg"
      aria-labelledby="site-picker-title"
      backdrop="static"
    >
      <Modal.Header closeButton closeLabel={sk.common.close}>
        <Modal.Title id="site-picker-title" as="h2" className="h5">
          {sk.sites.picker.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
          <span className="text-body-secondary">{sk.sites.picker.hint}</span>
          <Button variant="outline-primary" size="sm" onClick={locate} disabled={locating === 'busy'}>
            {locating === 'busy' ? sk.sites.picker.locating : sk.sites.picker.myLocation}
          </Button>
        </div>
        <MapView
          label={sk.sites.picker.title}
          center={view.center}
          zoom={view.zoom}
          marker={marker}
          onPick={setMarker}
        />
        <p className="mt-2 mb-0" aria-live="polite" data-testid="picker-position">
          {marker
            ? `${sk.sites.picker.selected}: ${formatCoordinate(marker.lat)}, ${formatCoordinate(marker.lng)}`
            : sk.sites.picker.noMarker}
        </p>
        {locating === 'failed' ? (
          <p className="text-danger mt-1 mb-0" role="alert">
            {sk.sites.picker.locationFailed}
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {sk.common.close}
        </Button>
        <Button disabled={!marker} onClick={() => marker && onConfirm(marker)}>
          {sk.common.confirm}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
