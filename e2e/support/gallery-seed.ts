import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { type Author, galleryKit } from '../../apps/server/src/modules/gallery/gallery-test-kit.ts';
import { upload } from '../../apps/server/src/modules/uploads/upload-test-kit.ts';
import type { TestServer } from '../../apps/server/src/test/harness.ts';
import type { HttpClient } from '../../apps/server/src/test/http-client.ts';
import { ROOT } from './browser.ts';

/** Real photos from cameras and phones (see its README). */
export const FIXTURES = process.env.FIXTURES_DIR ?? path.resolve(ROOT, '../shared/fixtures/media');

export const fixture = (name: string): Buffer => fs.readFileSync(path.join(FIXTURES, name));

/** A small PNG of one colour with a label, unique per label (no EXIF: dated by its upload). */
export async function png(label: string, color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="${color}"/><text x="20" y="130" font-size="36" fill="#fff">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A one-second VP8 WebM from ffmpeg's test pattern: a real video with a real poster frame. */
export function webm(): Buffer {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-video-')), 'clip.webm');
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=1:size=320x240:rate=10',
    '-c:v',
    'libvpx',
    '-b:v',
    '200k',
    '-y',
    out,
  ]);
  const bytes = fs.readFileSync(out);
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return bytes;
}

export type Captured = { id: number; siteDate: string; date: string; bytes: Buffer };
export type Site = { id: number; name: string; code: string };

/**
 * Seeds the gallery the way users fill it: sites through the sites API, then files uploaded by
 * their authors through the chunked upload protocol and assigned to a site. `at` moves the
 * server clock first, which dates a file without EXIF (and sets when it was captured).
 */
export async function gallerySeeder(server: TestServer, admin: HttpClient) {
  const kit = galleryKit(server);
  const clock = server.clock;
  return {
    async site(name: string, code: string): Promise<Site> {
      const res = await admin.post('/apis/api/v1/site/create', { name, code, lat: 49.22, lng: 18.74 });
      expect(res.status, res.text).toBe(200);
      return { id: res.body.data.id as number, name, code };
    },

    author(firstName: string, lastName: string): Promise<Author> {
      return kit.author(admin, firstName, lastName, ['ADD_PHOTOS']);
    },

    async capture(
      author: Author,
      site: Site,
      bytes: Buffer,
      contentType: string,
      at?: string,
    ): Promise<Captured> {
      if (at) clock.advance(Date.parse(at) - clock.now());
      const { last } = await upload(author.client, bytes, { contentType });
      expect(last.status, last.text).toBe(200);
      const res = await author.client.post('/apis/api/v1/site-content/assign-temp-file', {
        siteId: site.id,
        fileKey: last.body.data.fileKey,
      });
      expect(res.status, res.text).toBe(200);
      const { id, siteDate, date } = res.body.data as { id: number; siteDate: string; date: string };
      return { id, siteDate, date, bytes };
    },

    /** Back to the real time (exports and sessions after seeding are dated now). */
    realTime() {
      clock.advance(Date.now() - clock.now());
    },
  };
}
