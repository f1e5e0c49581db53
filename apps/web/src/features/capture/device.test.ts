import { describe, expect, test } from 'vitest';
import { canRecordInApp, formatDistance, isIOS, randomUploadId } from './device.ts';

const nav = (userAgent: string, platform = 'Linux x86_64', maxTouchPoints = 0) => ({
  userAgent,
  platform,
  maxTouchPoints,
});

describe('capture device helpers', () => {
  test('iPhone, iPad and iPadOS-as-Mac are iOS; Android and a desktop Mac are not', () => {
    expect(isIOS(nav('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 'iPhone', 5))).toBe(true);
    expect(isIOS(nav('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', 'iPad', 5))).toBe(true);
    expect(isIOS(nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5))).toBe(true);
    expect(isIOS(nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 0))).toBe(false);
    expect(isIOS(nav('Mozilla/5.0 (Linux; Android 14; Pixel 8)', 'Linux armv8l', 5))).toBe(false);
  });

  test('the in-app camera only where the browser can record, and never on iOS', () => {
    const android = nav('Mozilla/5.0 (Linux; Android 14; Pixel 8)', 'Linux armv8l', 5);
    const camera = { getUserMedia: () => Promise.resolve() };
    const win = (n: object, mediaDevices?: object, MediaRecorder?: unknown) => ({
      navigator: { ...n, mediaDevices } as unknown as Navigator,
      MediaRecorder,
    });
    expect(canRecordInApp(win(android, camera, class {}))).toBe(true);
    expect(canRecordInApp(win(android, undefined, class {}))).toBe(false);
    expect(canRecordInApp(win(android, camera, undefined))).toBe(false);
    const iphone = nav('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 'iPhone', 5);
    expect(canRecordInApp(win(iphone, camera, class {}))).toBe(false);
  });

  test('the upload id is a v4 UUID, also without randomUUID (plain http)', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) } as Crypto;
    const ids = new Set(Array.from({ length: 50 }, () => randomUploadId(insecure)));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(v4);
    expect(randomUploadId()).toMatch(v4);
  });

  test('distances read in metres, then kilometres', () => {
    expect(formatDistance(0)).toEqual({ unit: 'm', value: '0' });
    expect(formatDistance(999.4)).toEqual({ unit: 'm', value: '999' });
    expect(formatDistance(1250)).toEqual({ unit: 'km', value: '1,3' });
  });
});
