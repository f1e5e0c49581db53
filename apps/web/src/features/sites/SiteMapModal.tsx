import type { Site } from '@app/contract/web';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { MapView } from '../../components/map/MapView.tsx';
import { DETAIL_ZOOM } from '../../components/map/map-config.ts';
import { modalAnimation } from '../../components/modal-animation.ts';
import { sk } from '../../i18n/sk.ts';
import { formatCoordinate } from './site-form.ts';

/** The read-only map of one site (the row's map button): its marker, nothing to change. */
export function SiteMapModal({ site, onClose }: { site: Site; onClose: () => void }) {
  const point = { lat: site.lat, lng: site.lng };
  return (
    <Modal
      animation={modalAnimation()}
      show
      onHide={onClose}
      centered
      size="lg"
      aria-labelledby="site-map-title"
    >
      <Modal.Header closeButton closeLabel={sk.common.close}>
        <Modal.Title id="site-map-title" as="h2" className="h5 text-break">
          {site.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2 text-body-secondary">
          {sk.sites.code}: <span className="text-body">{site.code}</span> · {sk.sites.mapModalCoordinates}:{' '}
          <span className="text-body">
            {formatCoordinate(site.lat)}, {formatCoordinate(site.lng)}
          </span>
        </p>
        <MapView label={`${sk.sites.map}: ${site.name}`} center={point} zoom={DETAIL_ZOOM} marker={point} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {sk.common.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
