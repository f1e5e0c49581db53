import type { Site, SiteUpdateBody } from '@app/contract/web';
import type { LatLng } from '../../components/map/map-config.ts';
import { sk } from '../../i18n/sk.ts';

/** What the site form edits; coordinates as typed, so a half-typed number is not lost. */
export type SiteForm = {
  name: string;
  code: string;
  lat: string;
  lng: string;
  /** Only shown for a deactivated site: ticking it reactivates the site. */
  active: boolean;
};

export type SiteField = 'name' | 'code' | 'lat' | 'lng';

export const emptySiteForm = (): SiteForm => ({ name: '', code: '', lat: '', lng: '', active: true });

/** Six decimals are about 10 cm: more would be noise from a click. */
export function formatCoordinate(value: number): string {
  return String(Number(value.toFixed(6)));
}

export const formFromSite = (s: Pick<Site, 'name' | 'code' | 'lat' | 'lng' | 'active'>): SiteForm => ({
  name: s.name,
  code: s.code,
  lat: formatCoordinate(s.lat),
  lng: formatCoordinate(s.lng),
  active: s.active,
});

/** A typed coordinate: '' is "not given", a decimal comma is accepted (Slovak keyboards). */
export function parseCoordinate(value: string): number | null {
  const v = value.trim().replace(',', '.');
  if (v === '') return null;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(v)) return Number.NaN;
  return Number(v);
}

function rangeError(value: string, limit: number, message: string): string | null {
  const n = parseCoordinate(value);
  if (n === null) return null;
  if (Number.isNaN(n)) return sk.sites.notANumber;
  return Math.abs(n) <= limit ? null : message;
}

/**
 * The message each field reports through the browser's own validity (spec §5: native validity is
 * checked first). Empty coordinates are not a field error here: they are the missing location.
 */
export function fieldErrors(form: SiteForm): Record<SiteField, string | null> {
  return {
    name: form.name.trim() ? null : sk.sites.nameRequired,
    code: form.code.trim() ? null : sk.sites.codeRequired,
    lat: rangeError(form.lat, 90, sk.sites.latRange),
    lng: rangeError(form.lng, 180, sk.sites.lngRange),
  };
}

/**
 * Spec §5: coordinates count as missing when both lat and lng are 0 or less (so the untouched
 * form, and also any point with both negative, needs a location picked); an empty one is missing too.
 */
export function locationMissing(form: Pick<SiteForm, 'lat' | 'lng'>): boolean {
  const lat = parseCoordinate(form.lat);
  const lng = parseCoordinate(form.lng);
  if (lat === null || lng === null || Number.isNaN(lat) || Number.isNaN(lng)) return true;
  return lat <= 0 && lng <= 0;
}

/** The form's point for the map picker, or null while no location is chosen. */
export function formPoint(form: SiteForm): LatLng | null {
  if (locationMissing(form) || fieldErrors(form).lat || fieldErrors(form).lng) return null;
  return { lat: parseCoordinate(form.lat) as number, lng: parseCoordinate(form.lng) as number };
}

export const withPoint = (form: SiteForm, p: LatLng): SiteForm => ({
  ...form,
  lat: formatCoordinate(p.lat),
  lng: formatCoordinate(p.lng),
});

/**
 * The request body. `active: true` is sent only to reactivate a deactivated site; otherwise the
 * server keeps the state (a form never deactivates: that is the delete button's job).
 */
export function sitePayload(form: SiteForm, loadedActive?: boolean): SiteUpdateBody {
  return {
    name: form.name.trim(),
    code: form.code.trim(),
    lat: parseCoordinate(form.lat) ?? 0,
    lng: parseCoordinate(form.lng) ?? 0,
    ...(loadedActive === false && form.active ? { active: true } : {}),
  };
}
