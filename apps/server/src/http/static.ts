import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * A missing script or image must be a 404, not index.html: a page still running an older build asks
 * for chunks a deploy removed, and HTML in their place fails with a baffling MIME-type error instead
 * of the retry a 404 allows. App routes never end in a file extension.
 */
function isFileRequest(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname);
}

/**
 * Serves the built web app with an SPA fallback to index.html, so `npm start` is one process.
 * Unknown /apis paths stay JSON 404s.
 */
export async function registerStatic(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: 'index.html',
      // The web build writes .br and .gz copies of its scripts and styles (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(res, file) {
        if (file.endsWith('sw.js') || file.endsWith('index.html')) res.header('Cache-Control', 'no-cache');
        else if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (
      !hasWeb ||
      request.url.startsWith('/apis') ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      isFileRequest(request.url)
    ) {
      throw AppError.notFound('Adresa neexistuje');
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
