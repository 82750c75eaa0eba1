import multipart from '@fastify/multipart';
import { CONTENT_IMAGE_MAX_BYTES, ContentImageSchema } from '@playon/shared/ops-content';
import { uploadMessages } from '@playon/shared/upload';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Storage } from '../../../platform/storage.ts';
import { type OpsService, opsArea, opsRefusals } from '../../operator/service.ts';
import { createContentImages } from '../content-images.ts';
import { readForm } from '../routes.ts';

/**
 * POST /api/ops/content/images: an image for a banner, an outside game's icon or a chat room's icon,
 * stored like players' uploads (type judged by its bytes, size limited). The content it is used in
 * records it in the audit log when saved.
 */
export function uploadsOpsRoutes(storage: Storage, ops: OpsService) {
  const images = createContentImages(storage);
  return async (app: FastifyInstance) => {
    const { signIn, tags } = opsArea(ops, 'content');
    await app.register(multipart, {
      limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 1, fields: 5 },
      throwFileSizeLimit: false,
    });
    app.post(
      '/api/ops/content/images',
      {
        config: { signIn },
        schema: {
          tags,
          summary:
            'Upload an image (JPEG, PNG, WebP or GIF, at most 2 MB) for a banner or an icon; multipart: file',
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(ContentImageSchema), ...opsRefusals(413, 415) },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('BAD_REQUEST', uploadMessages.noFile);
        const { file } = await readForm(request);
        if (!file || file.bytes.byteLength === 0) throw new AppError('BAD_REQUEST', uploadMessages.noFile);
        return sendEnvelope(reply, 200, 'Image uploaded.', await images.store(file));
      },
    );
  };
}
