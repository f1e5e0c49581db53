import { galleryEndpoints as ep } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-hooks.ts';
import { route } from '../../http/route.ts';
import type { GalleryService } from './gallery.service.ts';
import type { MediaFilesService } from './media-files.service.ts';
import { sendFile } from './send-file.ts';

export function galleryRoutes(app: FastifyInstance, gallery: GalleryService, files: MediaFilesService) {
  route(app, ep.folders, async (req) => ({ data: await gallery.folders(req.query) }));
  route(app, ep.media, async (req) => {
    const [siteId, siteDate] = req.params.folder.split('_') as [string, string];
    return { data: await gallery.media(Number(siteId), siteDate, req.query) };
  });
  route(app, ep.file, async (req, reply) => {
    const variant = req.query.display === '1' ? 'display' : 'original';
    const file = await files.file(requireAuth(req), req.params.id, variant);
    return sendFile(req as never, reply, file, (range) => files.open(file, range));
  });
  route(app, ep.thumbnail, async (req, reply) => {
    const file = await files.file(requireAuth(req), req.params.id, 'thumbnail');
    return sendFile(req as never, reply, file, (range) => files.open(file, range));
  });
}
