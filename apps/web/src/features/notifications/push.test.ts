import { describe, expect, test } from 'vitest';
import { base64UrlToBytes, isIos } from './push.ts';

describe('push helpers', () => {
  test('the VAPID key decodes from base64url, padded or not', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const key = Buffer.from(bytes).toString('base64url');
    expect([...base64UrlToBytes(key)]).toEqual([...bytes]);
    expect([...base64UrlToBytes(Buffer.from(bytes).toString('base64'))]).toEqual([...bytes]);
  });

  test('iOS: iPhone, and an iPad that calls itself a Mac', () => {
    const nav = (userAgent: string, platform = 'Linux', maxTouchPoints = 0) => ({
      userAgent,
      platform,
      maxTouchPoints,
    });
    expect(isIos(nav('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'))).toBe(true);
    expect(isIos(nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5))).toBe(true);
    expect(isIos(nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 0))).toBe(false);
    expect(isIos(nav('Mozilla/5.0 (Linux; Android 14; Pixel 8)'))).toBe(false);
  });
});
