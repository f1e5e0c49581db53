import { useEffect, useState } from 'react';

export type Coords = { lat: number; lng: number };

/** Spec §9: low accuracy, 5000 ms for the browser to decide. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 5000 };

/**
 * Spec §2: the Capture screen asks for the device location once, on opening; the site picker
 * then lists the nearest sites first. Without a position (refused, unsupported, timed out) the
 * picker lists sites by name.
 */
export function useDeviceLocation(): Coords | null {
  const [coords, setCoords] = useState<Coords | null>(null);
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (live) setCoords({ lat: p.coords.latitude, lng: p.coords.longitude });
      },
      (err) => console.info('Capture: no device location', err.message),
      GEOLOCATION_OPTIONS,
    );
    return () => {
      live = false;
    };
  }, []);
  return coords;
}
