import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { sk } from '../../i18n/sk.ts';
import {
  type LatLng,
  MAP_ATTRIBUTION,
  MAP_TILE_URL,
  MAX_ZOOM,
  MIN_ZOOM,
  WORLD_BOUNDS,
} from './map-config.ts';

// Leaflet finds its default marker images through a CSS path trick that bundling breaks; the
// bundled copies are given explicitly instead (no CDN).
const markerIconDef = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

export type LeafletMapProps = {
  /** Where the view is; a change moves the view there. */
  center: LatLng;
  zoom: number;
  marker?: LatLng | null;
  /** Makes the map a picker: a click reports the point. */
  onPick?: (point: LatLng) => void;
  height: string;
};

/** Keeps the view in step with the `center`/`zoom` props after the first render. */
function FollowView({ center, zoom }: { center: LatLng; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([center.lat, center.lng], zoom);
  }, [map, center.lat, center.lng, zoom]);
  return null;
}

/** A map in a modal is sized while the modal still animates; measure again whenever it resizes. */
function FitContainer() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

function ClickToPick({ onPick }: { onPick: (point: LatLng) => void }) {
  useMapEvents({
    click(e) {
      const p = e.latlng.wrap();
      onPick({ lat: p.lat, lng: p.lng });
    },
  });
  return null;
}

/** The Leaflet map itself: loaded on demand through MapView, never on the sign-in route. */
export default function LeafletMap({ center, zoom, marker, onPick, height }: LeafletMapProps) {
  return (
    <MapContainer
      center={[center.lat, center.lng]}
      zoom={zoom}
      minZoom={MIN_ZOOM}
      maxZoom={MAX_ZOOM}
      maxBounds={WORLD_BOUNDS}
      maxBoundsViscosity={1}
      worldCopyJump={false}
      zoomControl={false}
      className={onPick ? 'leaflet-map leaflet-map-picker' : 'leaflet-map'}
      style={{ height }}
    >
      <TileLayer
        url={MAP_TILE_URL}
        attribution={MAP_ATTRIBUTION}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        noWrap
        bounds={WORLD_BOUNDS}
        // The app's own pages send no Referer elsewhere; OpenStreetMap's tile policy asks for the origin.
        referrerPolicy="strict-origin-when-cross-origin"
      />
      <ZoomControl position="topleft" zoomInTitle={sk.map.zoomIn} zoomOutTitle={sk.map.zoomOut} />
      <FollowView center={center} zoom={zoom} />
      <FitContainer />
      {onPick ? <ClickToPick onPick={onPick} /> : null}
      {marker ? (
        <Marker
          position={[marker.lat, marker.lng]}
          icon={markerIconDef}
          alt={sk.map.marker}
          interactive={false}
          keyboard={false}
        />
      ) : null}
    </MapContainer>
  );
}
