import type { FastifyInstance } from 'fastify';

// OpenStreetMap tiles are the only outside origin the browser may load from (current URL and the old a/b/c subdomains).
const OSM_TILES = ['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'];

const CSP: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', ...OSM_TILES],
  'media-src': ["'self'", 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The response headers helmet 8 gives with our options, written out once. `@fastify/helmet` built
 * helmet's middleware again on every request (parsing the CSP each time): a fifth of the CPU of
 * a session check. `security/response-headers.test.ts` checks them on API, error and SPA answers.
 */
export function securityHeaders(https: boolean, mapTileOrigin?: string): Record<string, string> {
  const csp = mapTileOrigin ? { ...CSP, 'img-src': [...(CSP['img-src'] ?? []), mapTileOrigin] } : CSP;
  return {
    'content-security-policy': Object.entries(csp)
      .map(([name, sources]) => `${name} ${sources.join(' ')}`)
      .join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Every answer (routes, errors, 404s, the web app) gets the headers, set before anything can fail. */
export function registerSecurityHeaders(app: FastifyInstance, https: boolean, mapTileOrigin?: string): void {
  const headers = securityHeaders(https, mapTileOrigin);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
