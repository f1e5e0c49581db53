import { lazy, Suspense } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { sk } from '../../i18n/sk.ts';
import type { LeafletMapProps } from './LeafletMap.tsx';

// Leaflet and its CSS are a chunk of their own, fetched the first time a map is shown.
const LeafletMap = lazy(() => import('./LeafletMap.tsx'));

type Props = Omit<LeafletMapProps, 'height'> & {
  /** Names the map for assistive technology. */
  label: string;
  height?: string;
};

/** A map with an optional marker; with `onPick`, clicking it picks a point. */
export function MapView({ label, height = 'min(60vh, 420px)', ...props }: Props) {
  return (
    <section aria-label={label} className="map-view">
      <Suspense
        fallback={
          <div
            className="d-flex align-items-center justify-content-center bg-body-tertiary"
            style={{ height }}
          >
            <Spinner size="sm" role="status" aria-label={sk.map.loading} />
          </div>
        }
      >
        <LeafletMap height={height} {...props} />
      </Suspense>
    </section>
  );
}
