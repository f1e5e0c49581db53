import type { Readable } from 'node:stream';
import { uploadEndpoints as ep, type UploadHeaders } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../http/auth-hooks.ts';
import { route } from '../../http/route.ts';
import { sendFile } from '../gallery/send-file.ts';
import type { TempFilesService } from './temp-files.service.ts';
import { UPLOAD_MESSAGES } from './upload-errors.ts';
import type { UploadsService } from './uploads.service.ts';

export async function uploadsRoutes(app: FastifyInstance, uploads: UploadsService, temps: TempFilesService) {
  // A chunk is raw bytes of any Content-Type: in this scope the body is handed over as the request
  // stream itself, never buffered. Other routes keep the JSON parser.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

    route(raw, ep.upload, async (req, reply) => {
      const answer = await uploads.receive(
        requireAuth(req).user,
        req.query.uploadId,
        req.query.contentType,
        req.headers as unknown as UploadHeaders,
        req.body as Readable | undefined,
      );
      if (answer.status === 206) return reply.code(206).send({ data: answer.partial });
      return { message: UPLOAD_MESSAGES.uploaded, data: answer.file };
    });

    // Sent with an empty body, whatever Content-Type the client puts on it.
    route(raw, ep.deleteTemp, async (req) => ({
      message: await temps.discard(requireAuth(req).user, req.params.fileKey),
    }));
  });

  route(app, ep.progress, async (req) => ({
    data: await uploads.progress(requireAuth(req).user, req.params.uploadId),
  }));

  for (const [endpoint, variant] of [
    [ep.preview, 'file'],
    [ep.previewThumbnail, 'thumbnail'],
  ] as const) {
    route(app, endpoint, async (req, reply) => {
      const file = await temps.previewFile(requireAuth(req).user, req.params.fileKey, variant);
      return sendFile(req as unknown as FastifyRequest, reply, file, (range) => temps.open(file.key, range));
    });
  }

  route(app, ep.assign, async (req) => {
    const { item, message } = await temps.assign(requireAuth(req).user, req.body.siteId, req.body.fileKey);
    return { data: item, message };
  });
}
