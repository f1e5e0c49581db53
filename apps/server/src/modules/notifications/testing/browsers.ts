import { expect } from 'vitest';
import type { HttpClient } from '../../../test/http-client.ts';
import type { FakePushService } from './fake-push-service.ts';
import { type BrowserKeys, createBrowserKeys, decryptPush } from './push-crypto.ts';

export type TestBrowser = {
  name: string;
  keys: BrowserKeys;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
};

/** A browser subscribed at the fake push service, its subscription sent as the web app sends it. */
export async function subscribeBrowser(client: HttpClient, push: FakePushService): Promise<TestBrowser> {
  const { name, url } = push.endpoint();
  const keys = createBrowserKeys();
  const subscription = {
    endpoint: url,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  };
  const res = await client.post('/apis/api/v1/notification/push/subscribe', subscription);
  expect(res.status, res.text).toBe(200);
  return { name, keys, subscription };
}

/** Every push the browser received, decrypted. */
export function received(push: FakePushService, browser: TestBrowser): unknown[] {
  return push.to(browser.name).map((r) => JSON.parse(decryptPush(r.body, browser.keys)));
}
