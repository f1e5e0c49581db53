import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Authority } from '@app/contract';
import type { TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { galleryOf } from './gallery.module.ts';
import { GallerySeedRepository } from './gallery-seed.repository.ts';
import { siteDateOf } from './site-date.ts';

export type Author = { id: number; name: string; client: HttpClient };

export type SeedItem = {
  site: { id: number; name: string; code: string };
  author: { id: number; name: string };
  /** Capture time, ISO 8601. */
  takenAt: string;
  type?: 'IMAGE' | 'VIDEO';
  mimeType?: string;
  /** The original's bytes (default: a few unique bytes). */
  bytes?: Buffer;
  /** Thumbnail bytes stored as .webp; null: no thumbnail. */
  thumbnail?: Buffer | null;
  /** A display copy (HEIC photos) stored as .jpg. */
  display?: Buffer;
  width?: number;
  height?: number;
  durationSeconds?: number;
};

let seq = 0;

/**
 * Seeds the gallery of a test server directly: sites and media rows through the seed repository
 * (counted into the summaries as an assignment would be), their files through the app's storage.
 */
export function galleryKit(server: TestServer) {
  const ctx = server.app.ctx;
  const seed = new GallerySeedRepository(ctx.db.kysely, galleryOf(ctx).summary);
  const put = async (key: string, bytes: Buffer) => {
    await ctx.storage.put(key, Readable.from([bytes]));
    return key;
  };

  return {
    async site(name: string, code: string) {
      return { id: await seed.insertSite({ name, code }, ctx.clock.now()), name, code };
    },

    /** A user with a name of our choosing, signed in. */
    async author(admin: HttpClient, firstName: string, lastName: string, authorities: Authority[]) {
      seq += 1;
      const email = `author${seq}-${Date.now()}@test.sk`;
      const res = await admin.post('/apis/api/v1/user/create', {
        firstName,
        lastName,
        email,
        password: 'Heslo123',
        active: true,
        permissions: authorities,
      });
      if (res.status !== 200) throw new Error(`create user failed: ${res.status} ${res.text}`);
      const client = server.client();
      await client.signIn(email, 'Heslo123');
      return { id: res.body.data.id as number, name: `${firstName} ${lastName}`, client } satisfies Author;
    },

    async media(item: SeedItem) {
      const bytes = item.bytes ?? Buffer.from(`media ${randomUUID()}`);
      const base = `media/test/${randomUUID()}`;
      const takenAt = Date.parse(item.takenAt);
      const id = await seed.insertMedia(
        {
          site_id: item.site.id,
          site_name: item.site.name,
          site_code: item.site.code,
          author_id: item.author.id,
          author_name: item.author.name,
          type: item.type ?? 'IMAGE',
          mime_type: item.mimeType ?? 'image/jpeg',
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          storage_key: await put(`${base}.bin`, bytes),
          thumbnail_key:
            item.thumbnail === null
              ? null
              : await put(`${base}-t.webp`, item.thumbnail ?? Buffer.from('thumb')),
          display_key: item.display ? await put(`${base}-d.jpg`, item.display) : null,
          width: item.width ?? null,
          height: item.height ?? null,
          duration_seconds: item.durationSeconds ?? null,
          taken_at: takenAt,
          site_date: siteDateOf(takenAt, ctx.config.tzGallery),
          lat: null,
          lng: null,
        },
        ctx.clock.now(),
      );
      return { id, bytes };
    },
  };
}

/** GET with the client's session, the body as bytes (HttpClient reads text). */
export async function fetchBytes(client: HttpClient, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, client.baseUrl), {
    method: headers[':method'] ?? 'GET',
    headers: {
      ...Object.fromEntries(Object.entries(headers).filter(([k]) => !k.startsWith(':'))),
      ...(client.cookie ? { cookie: `SESSION=${client.cookie}` } : {}),
    },
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}
