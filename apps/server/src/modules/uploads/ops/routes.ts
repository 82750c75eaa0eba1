import multipart from '@fastify/multipart';
import { opsTag } from '@playon/shared/ops';
import { CONTENT_IMAGE_MAX_BYTES, ContentImageSchema } from '@playon/shared/ops-content';
import { uploadMessages } from '@playon/shared/upload';
import type { FastifyInstance } from 'fastify';
import { ErrorEnvelopeSchema, envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Storage } from '../../../platform/storage.ts';
import type { OpsService } from '../../operator/service.ts';
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
    await app.register(multipart, {
      limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 1, fields: 5 },
      throwFileSizeLimit: false,
    });
    app.post(
      '/api/ops/content/images',
      {
        onRequest: ops.access.requireArea('content'),
        schema: {
          tags: [opsTag('content')],
          summary:
            'Upload an image (JPEG, PNG, WebP or GIF, at most 2 MB) for a banner or an icon; multipart: file',
          consumes: ['multipart/form-data'],
          response: {
            200: envelopeSchema(ContentImageSchema),
            400: ErrorEnvelopeSchema,
            401: ErrorEnvelopeSchema,
            403: ErrorEnvelopeSchema,
            413: ErrorEnvelopeSchema,
            415: ErrorEnvelopeSchema,
          },
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
