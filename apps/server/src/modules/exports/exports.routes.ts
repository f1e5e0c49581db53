import { exportEndpoints as ep } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-hooks.ts';
import { route } from '../../http/route.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { sendFile } from '../gallery/send-file.ts';
import { contentDisposition } from './content-disposition.ts';
import type { ExportsService } from './exports.service.ts';

export function exportsRoutes(app: FastifyInstance, exports: ExportsService, storage: Storage) {
  route(app, ep.request, async (req) => ({
    message: await exports.request(requireAuth(req).user, req.query),
  }));
  route(app, ep.list, async (req) => ({
    data: await exports.list(requireAuth(req).user, req.query.page, req.query.size),
  }));
  route(app, ep.download, async (req, reply) => {
    const file = await exports.download(requireAuth(req).user, req.params.id);
    reply.header('Content-Disposition', contentDisposition(file.fileName));
    return sendFile(
      req as never,
      reply,
      { key: file.key, size: file.size, contentType: 'application/zip', etag: file.etag },
      (range) => storage.get(file.key, range),
    );
  });
}
