import { describe, expect, test } from 'vitest';
import {
  emptySiteForm,
  fieldErrors,
  formatCoordinate,
  formFromSite,
  formPoint,
  locationMissing,
  parseCoordinate,
  sitePayload,
  withPoint,
} from './site-form.ts';

const form = (over: Partial<ReturnType<typeof emptySiteForm>> = {}) => ({
  ...emptySiteForm(),
  name: 'Most Žilina',
  code: 'ZA-01',
  lat: '49.2231',
  lng: '18.7394',
  ...over,
});

describe('site form rules (spec §5)', () => {
  test('name and code are required; blanks count as empty', () => {
    expect(fieldErrors(form())).toEqual({ name: null, code: null, lat: null, lng: null });
    const errors = fieldErrors(form({ name: '   ', code: '' }));
    expect(errors.name).toBe('Názov je povinný');
    expect(errors.code).toBe('Kód je povinný');
  });

  test('coordinates outside the globe are refused with the range, the edges are allowed', () => {
    expect(fieldErrors(form({ lat: '90.0001' })).lat).toBe('Zemepisná šírka musí byť od -90 do 90');
    expect(fieldErrors(form({ lat: '-91' })).lat).toBe('Zemepisná šírka musí byť od -90 do 90');
    expect(fieldErrors(form({ lng: '180.5' })).lng).toBe('Zemepisná dĺžka musí byť od -180 do 180');
    expect(fieldErrors(form({ lng: '-181' })).lng).toBe('Zemepisná dĺžka musí byť od -180 do 180');
    expect(fieldErrors(form({ lat: '-90', lng: '180' }))).toMatchObject({ lat: null, lng: null });
    expect(fieldErrors(form({ lat: '90', lng: '-180' }))).toMatchObject({ lat: null, lng: null });
  });

  test('text that is not a number is its own error; a decimal comma is a number', () => {
    expect(fieldErrors(form({ lat: '48.1a' })).lat).toBe('Zadajte číslo');
    expect(fieldErrors(form({ lng: '1e3' })).lng).toBe('Zadajte číslo');
    expect(parseCoordinate(' 48,15 ')).toBe(48.15);
    expect(parseCoordinate('-.5')).toBe(-0.5);
    expect(parseCoordinate('')).toBeNull();
    expect(parseCoordinate('abc')).toBeNaN();
  });

  test('the location is missing when both coordinates are 0 or less, or one is not given', () => {
    expect(locationMissing(emptySiteForm())).toBe(true);
    expect(locationMissing({ lat: '0', lng: '0' })).toBe(true);
    expect(locationMissing({ lat: '-33.86', lng: '-70.6' })).toBe(true);
    expect(locationMissing({ lat: '0', lng: '-0.09' })).toBe(true);
    expect(locationMissing({ lat: '48.1', lng: '' })).toBe(true);
    expect(locationMissing({ lat: 'x', lng: '17' })).toBe(true);
    // One positive coordinate is enough (spec: both must be 0 or less to count as missing).
    expect(locationMissing({ lat: '51.505', lng: '-0.09' })).toBe(false);
    expect(locationMissing({ lat: '-33.86', lng: '151.2' })).toBe(false);
    expect(locationMissing({ lat: '0', lng: '0.0001' })).toBe(false);
  });

  test('the picker opens on the form point only when it is a valid location', () => {
    expect(formPoint(form())).toEqual({ lat: 49.2231, lng: 18.7394 });
    expect(formPoint(emptySiteForm())).toBeNull();
    expect(formPoint(form({ lat: '95' }))).toBeNull();
  });

  test('a picked point fills both fields, rounded to six decimals', () => {
    const picked = withPoint(form(), { lat: 48.148598123456, lng: 17.1077477777 });
    expect(picked).toMatchObject({ lat: '48.148598', lng: '17.107748', name: 'Most Žilina' });
    expect(formatCoordinate(-0.09)).toBe('-0.09');
    expect(formatCoordinate(10)).toBe('10');
  });

  test('payload: trimmed texts, numbers, active only to reactivate a deactivated site', () => {
    expect(sitePayload(form({ name: ' Most ', code: ' ZA-01 ', lat: '49,5' }))).toEqual({
      name: 'Most',
      code: 'ZA-01',
      lat: 49.5,
      lng: 18.7394,
    });
    const loaded = formFromSite({ name: 'Starý', code: 'S1', lat: 48.1, lng: 17.1, active: false });
    expect(loaded).toEqual({ name: 'Starý', code: 'S1', lat: '48.1', lng: '17.1', active: false });
    expect('active' in sitePayload(loaded, false)).toBe(false);
    expect(sitePayload({ ...loaded, active: true }, false).active).toBe(true);
    expect('active' in sitePayload(form(), true)).toBe(false);
  });
});
