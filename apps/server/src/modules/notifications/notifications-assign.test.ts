import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { CONTENT, uploadOk } from '../uploads/upload-test-kit.ts';
import { received, subscribeBrowser } from './testing/browsers.ts';
import { FakePushService } from './testing/fake-push-service.ts';

const FIXTURES = path.resolve(fileURLToPath(import.meta.url), '../../../../../../../shared/fixtures/media');

/** End to end: a real upload, the real assignment endpoint, the notification and the push. */
describe('notifications from a real assignment', () => {
  let server: TestServer;
  let push: FakePushService;
  let admin: HttpClient;
  let uploader: { client: HttpClient; id: number };
  let watcher: { client: HttpClient; id: number };
  let site: { id: number; name: string; code: string };
  let photo: Buffer;

  beforeAll(async () => {
    push = await FakePushService.start();
    server = await startServer({ PUSH_ALLOW_INSECURE_ENDPOINTS: '1' });
    admin = await server.admin();
    // The author holds the authority too: still no notification of their own photo.
    uploader = await admin.createUser(['ADD_PHOTOS', 'NEW_PHOTO_NOTIFICATION']);
    watcher = await admin.createUser(['NEW_PHOTO_NOTIFICATION']);
    const created = await admin.post('/apis/api/v1/site/create', {
      name: 'Rodinný dom Záhorie',
      code: `RD${Date.now() % 100000}`,
      lat: 48.4,
      lng: 17.0,
    });
    expect(created.status, created.text).toBe(200);
    site = created.body.data;
    photo = await fs.readFile(path.join(FIXTURES, 'nikon-coolpix-gps.jpg'));
  });
  afterAll(async () => {
    await server.close();
    await push.close();
  });

  it('notifies and pushes to the watcher, not the author, without the assignment waiting for the push', async () => {
    const browser = await subscribeBrowser(watcher.client, push);
    const ownBrowser = await subscribeBrowser(uploader.client, push);
    push.script(browser.name, { status: 201, delayMs: 2000 });

    const fileKey = await uploadOk(uploader.client, photo, 'image/jpeg');
    const started = performance.now();
    const assigned = await uploader.client.post(`${CONTENT}/assign-temp-file`, { siteId: site.id, fileKey });
    const assignMs = performance.now() - started;
    expect(assigned.status, assigned.text).toBe(200);
    expect(assignMs).toBeLessThan(1500);

    const db = server.app.ctx.db.kysely;
    const media = await db
      .selectFrom('media_items')
      .select(['id', 'site_date', 'author_name'])
      .where('site_id', '=', site.id)
      .executeTakeFirstOrThrow();
    const expected = {
      title: 'Nová fotografia',
      body: `${media.author_name} pridal fotografiu na site ${site.code} – Rodinný dom Záhorie`,
      url: `/administration/sites-gallery?siteId=${site.id}&siteDate=${media.site_date}`,
    };

    const list = (await watcher.client.get('/apis/api/v1/notification/user-notifications')).body.data;
    expect(list).toMatchObject({ totalElements: 1, unseenCount: 1 });
    expect(list.content[0]).toMatchObject({ ...expected, seen: false });
    expect((await uploader.client.get('/apis/api/v1/notification/unseen-count')).body.data).toBe(0);

    await push.waitFor(browser.name, 1);
    expect(received(push, browser)).toEqual([expected]);
    expect(push.to(ownBrowser.name)).toEqual([]);
  });
});
