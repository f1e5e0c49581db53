/** A point on the map in degrees. */
export type LatLng = { lat: number; lng: number };

const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a>';

/**
 * Where tiles come from. OpenStreetMap unless the build sets `VITE_MAP_TILE_URL` (and
 * `VITE_MAP_TILE_ATTRIBUTION`), so an installation can use its own tile server. A tile server on
 * another origin must also be allowed by the server's Content-Security-Policy (img-src).
 */
export const MAP_TILE_URL: string = import.meta.env.VITE_MAP_TILE_URL || OSM_TILE_URL;
export const MAP_ATTRIBUTION: string =
  import.meta.env.VITE_MAP_TILE_ATTRIBUTION || (MAP_TILE_URL === OSM_TILE_URL ? OSM_ATTRIBUTION : '');

/** Spec §5 and §9 map picker: zoom 2..17, the whole world, centre 51.505,-0.09 at zoom 10. */
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 17;
export const DEFAULT_CENTER: LatLng = { lat: 51.505, lng: -0.09 };
export const DEFAULT_ZOOM = 10;
/** Close enough to see the street when the map opens on a known place. */
export const DETAIL_ZOOM = 15;
export const WORLD_BOUNDS: [[number, number], [number, number]] = [
  [-90, -180],
  [90, 180],
];
