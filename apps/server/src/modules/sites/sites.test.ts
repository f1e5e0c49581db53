import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../db/database.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';

const SITES = '/apis/api/v1/site';

describe('sites', () => {
  let server: TestServer;
  let admin: HttpClient;
  let manager: HttpClient;
  let photographer: HttpClient;
  let viewer: HttpClient;

  beforeAll(async () => {
    server = await startServer();
    admin = await server.admin();
    manager = (await admin.createUser(['MANAGE_SITES'])).client;
    photographer = (await admin.createUser(['ADD_PHOTOS'])).client;
    viewer = (await admin.createUser(['VIEW_GALLERY'])).client;
  });
  afterAll(() => server.close());

  const create = async (name: string, code: string, lat = 48.1, lng = 17.1) => {
    const res = await manager.post(`${SITES}/create`, { name, code, lat, lng });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { id: number; name: string; code: string; active: boolean };
  };

  it('enforces each route’s authority', async () => {
    const site = await create('Autorita', 'AUT-1');
    const anonymous = server.client();
    const routes: [string, string, unknown?][] = [
      ['GET', `${SITES}/table`],
      ['GET', `${SITES}/detail/${site.id}`],
      ['POST', `${SITES}/create`, { name: 'X', code: 'X-AUTH', lat: 1, lng: 1 }],
      ['PUT', `${SITES}/update/${site.id}`, { name: 'X', code: 'AUT-1', lat: 1, lng: 1 }],
      ['DELETE', `${SITES}/delete/${site.id}`],
    ];
    for (const [method, path, json] of routes) {
      expect((await anonymous.request(method, path, { json })).status, path).toBe(401);
      expect((await photographer.request(method, path, { json })).status, path).toBe(403);
      expect((await viewer.request(method, path, { json })).status, path).toBe(403);
    }
    expect((await anonymous.get(`${SITES}/select`)).status).toBe(401);
    expect((await manager.get(`${SITES}/select`)).status).toBe(403);
    expect((await viewer.get(`${SITES}/select`)).status).toBe(403);
    expect((await photographer.get(`${SITES}/select`)).status).toBe(200);
    expect((await admin.get(`${SITES}/select`)).status).toBe(200);
    // Nothing was changed by the refused calls.
    expect((await manager.get(`${SITES}/detail/${site.id}`)).body.data).toMatchObject({
      name: 'Autorita',
      active: true,
    });
  });

  it('creates, reads and updates a site', async () => {
    const site = await create('Nová budova', 'NB-01', 48.5, 17.5);
    expect(site).toMatchObject({ name: 'Nová budova', code: 'NB-01', active: true });
    const detail = await manager.get(`${SITES}/detail/${site.id}`);
    expect(detail.body.data).toEqual({
      id: site.id,
      name: 'Nová budova',
      code: 'NB-01',
      lat: 48.5,
      lng: 17.5,
      active: true,
    });

    const updated = await manager.put(`${SITES}/update/${site.id}`, {
      name: 'Stará budova',
      code: 'nb-01',
      lat: -10,
      lng: 170,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Stará budova', code: 'nb-01', lat: -10, lng: 170 });
    expect((await manager.get(`${SITES}/detail/999999`)).status).toBe(404);
    expect(
      (await manager.put(`${SITES}/update/999999`, { name: 'A', code: 'B', lat: 0, lng: 0 })).status,
    ).toBe(404);
  });

  it('refuses a duplicate code case-insensitively with 409', async () => {
    await create('Prvý', 'DUP-7');
    const res = await manager.post(`${SITES}/create`, { name: 'Druhý', code: 'dup-7', lat: 1, lng: 1 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Site s týmto kódom už existuje');
    const other = await create('Tretí', 'DUP-8');
    const clash = await manager.put(`${SITES}/update/${other.id}`, {
      name: 'Tretí',
      code: 'Dup-7',
      lat: 1,
      lng: 1,
    });
    expect(clash.status).toBe(409);
    expect((await manager.get(`${SITES}/detail/${other.id}`)).body.data.code).toBe('DUP-8');
  });

  it('validates coordinates and required fields, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'A', code: 'V1', lat: 90.5, lng: 0 }, 'lat'],
      [{ name: 'A', code: 'V1', lat: -91, lng: 0 }, 'lat'],
      [{ name: 'A', code: 'V1', lat: 0, lng: 180.01 }, 'lng'],
      [{ name: 'A', code: 'V1', lat: 0, lng: -181 }, 'lng'],
      [{ name: 'A', code: 'V1', lat: '48', lng: 0 }, 'lat'],
      [{ name: '  ', code: 'V1', lat: 0, lng: 0 }, 'name'],
      [{ name: 'A', lat: 0, lng: 0 }, 'code'],
    ];
    for (const [body, field] of cases) {
      const res = await manager.post(`${SITES}/create`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(`„${field}“`);
    }
    expect((await manager.get(`${SITES}/table`, { query: { search: 'V1' } })).body.data.totalElements).toBe(
      0,
    );
    // The extremes themselves are valid.
    await create('Pól', 'POLE', 90, -180);
  });

  it('lists sites in a page envelope, searching name and code accent-insensitively, inactive included', async () => {
    const a = await create('Žilina – most', 'ZA-100');
    await create('Žiar nad Hronom', 'ZH-200');
    const c = await create('Trenčín', 'TN-ŽEL');
    await manager.delete(`${SITES}/delete/${a.id}`);

    const byName = await manager.get(`${SITES}/table`, { query: { search: 'zilina', page: 0, size: 10 } });
    expect(byName.status).toBe(200);
    expect(byName.body.data).toMatchObject({ page: 0, totalPages: 1, totalElements: 1 });
    expect(byName.body.data.content[0]).toMatchObject({ id: a.id, active: false });

    const byCode = await manager.get(`${SITES}/table`, { query: { search: 'tn-zel' } });
    expect(byCode.body.data.content.map((s: { id: number }) => s.id)).toEqual([c.id]);

    const paged = await manager.get(`${SITES}/table`, { query: { search: 'Ži', page: 1, size: 1 } });
    expect(paged.body.data).toMatchObject({ page: 1, totalPages: 2, totalElements: 2 });
    expect(paged.body.data.content).toHaveLength(1);
    // LIKE wildcards in a search are literal.
    expect((await manager.get(`${SITES}/table`, { query: { search: '%' } })).body.data.totalElements).toBe(0);
    expect((await manager.get(`${SITES}/table`, { query: { size: 101 } })).status).toBe(400);
  });

  it('deactivates on delete: the site stays, leaves the picker, and can be reactivated', async () => {
    const site = await create('Deaktivovaný', 'DEACT-1');
    const res = await manager.delete(`${SITES}/delete/${site.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Site bol deaktivovaný');
    expect((await manager.get(`${SITES}/detail/${site.id}`)).body.data.active).toBe(false);
    const options = await photographer.get(`${SITES}/select`, { query: { search: 'DEACT' } });
    expect(options.body.data).toEqual([]);
    expect((await manager.delete(`${SITES}/delete/${site.id}`)).status).toBe(200);
    expect((await manager.delete(`${SITES}/delete/999999`)).status).toBe(404);

    await manager.put(`${SITES}/update/${site.id}`, {
      name: 'Deaktivovaný',
      code: 'DEACT-1',
      lat: 1,
      lng: 1,
      active: true,
    });
    const again = await photographer.get(`${SITES}/select`, { query: { search: 'DEACT' } });
    expect(again.body.data).toEqual([{ value: site.id, label: 'DEACT-1 – Deaktivovaný' }]);
  });

  it('offers active sites by name, or nearest first with distances computed by the database', async () => {
    const ba = await create('Bratislava hrad', 'GEO-BA', 48.1423, 17.1001);
    const ke = await create('Košice dóm', 'GEO-KE', 48.7205, 21.2581);
    const za = await create('Žilina námestie', 'GEO-ZA', 49.2231, 18.7394);
    const gone = await create('Trnava zbúrané', 'GEO-TT', 48.3774, 17.5872);
    await manager.delete(`${SITES}/delete/${gone.id}`);

    const byName = await photographer.get(`${SITES}/select`, { query: { search: 'geo' } });
    expect(byName.body.data.map((o: { value: number }) => o.value)).toEqual([ba.id, ke.id, za.id]);
    expect(byName.body.data[1]).toEqual({ value: ke.id, label: 'GEO-KE – Košice dóm' });

    // From Trnava: Bratislava (~45 km), Žilina (~115 km), Košice (~290 km).
    const near = await photographer.get(`${SITES}/select`, {
      query: { search: 'geo', lat: 48.3774, lng: 17.5872 },
    });
    expect(near.status).toBe(200);
    const opts = near.body.data as { value: number; distanceMeters: number }[];
    expect(opts.map((o) => o.value)).toEqual([ba.id, za.id, ke.id]);
    expect(opts[0].distanceMeters).toBeGreaterThan(40_000);
    expect(opts[0].distanceMeters).toBeLessThan(50_000);
    expect(opts[2].distanceMeters).toBeGreaterThan(270_000);
    expect(opts[2].distanceMeters).toBeLessThan(300_000);

    // Standing on the site: distance 0 (the clamped cosine never turns into NaN).
    const onSite = await photographer.get(`${SITES}/select`, {
      query: { search: 'GEO-KE', lat: 48.7205, lng: 21.2581 },
    });
    expect(onSite.body.data[0].distanceMeters).toBe(0);
    // From the antipode of Bratislava, it is the farthest of the three.
    const antipode = await photographer.get(`${SITES}/select`, {
      query: { search: 'geo', lat: -48.1423, lng: -162.8999 },
    });
    expect(antipode.body.data.at(-1)).toMatchObject({ value: ba.id });
    expect(antipode.body.data.at(-1).distanceMeters).toBeGreaterThan(20_000_000);
  });

  it('validates the picker position', async () => {
    for (const [query, field] of [
      [{ lat: 48 }, 'lng'],
      [{ lat: 91, lng: 17 }, 'lat'],
      [{ lat: 48, lng: 'east' }, 'lng'],
    ] as const) {
      const res = await photographer.get(`${SITES}/select`, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toContain(`„${field}“`);
    }
    // Empty values mean "no position".
    expect((await photographer.get(`${SITES}/select?lat=&lng=`)).status).toBe(200);
  });

  it('offers at most 50 sites', async () => {
    for (let i = 0; i < 52; i += 1)
      await create(`Hromadný ${String(i).padStart(2, '0')}`, `MASS-${i}`, 10 + i / 100, 20);
    const byName = await photographer.get(`${SITES}/select`, { query: { search: 'hromadny' } });
    expect(byName.body.data).toHaveLength(50);
    expect(byName.body.data[0].label).toBe('MASS-0 – Hromadný 00');
    const near = await photographer.get(`${SITES}/select`, { query: { search: 'MASS', lat: 10.5, lng: 20 } });
    expect(near.body.data).toHaveLength(50);
    expect(near.body.data[0].label).toBe('MASS-50 – Hromadný 50');
  });

  it('keeps the search text of a renamed site’s media items current', async () => {
    const site = await create('Pôvodný názov', 'REN-1');
    const db = server.app.ctx.db.kysely;
    const author = await db.selectFrom('users').select(['id']).executeTakeFirstOrThrow();
    await db
      .insertInto('media_items')
      .values({
        site_id: site.id,
        author_id: author.id,
        author_name: 'Ján Šťastný',
        type: 'IMAGE',
        mime_type: 'image/jpeg',
        size: 1,
        sha256: 'x'.repeat(64),
        storage_key: 'media/x.jpg',
        thumbnail_key: null,
        display_key: null,
        width: null,
        height: null,
        duration_seconds: null,
        taken_at: 0,
        site_date: '1970-01-01',
        lat: null,
        lng: null,
        search_text: fold('Pôvodný názov REN-1 Ján Šťastný'),
        created_at: 0,
      })
      .execute();
    await manager.put(`${SITES}/update/${site.id}`, { name: 'Nový názov', code: 'REN-2', lat: 1, lng: 1 });
    const row = await db
      .selectFrom('media_items')
      .select('search_text')
      .where('site_id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(row.search_text).toBe('novy nazov ren-2 jan stastny');
  });
});
