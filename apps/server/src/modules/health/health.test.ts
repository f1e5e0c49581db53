import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';

describe('health and documentation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('reports the database as reachable', async () => {
    const res = await server.client().get('/apis/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok', db: 'ok' } });
  });

  it('serves an OpenAPI document listing the routes', async () => {
    const res = await server.client().get('/apis/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/apis/authenticate');
    expect(Object.keys(res.body.paths)).toContain('/apis/api/v1/user/table');
  });

  it('answers an unknown API path with a JSON 404 in Slovak', async () => {
    const res = await server.client().get('/apis/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(res.body.message).toBe('Adresa neexistuje');
  });
});
